/* asm_label_hook.c -- the leak checker's off switch under another C name:
** the asm label gives the function the symbol __lsan_is_turned_off. */
int leaks_are_fine(void) __asm__("__lsan_is_turned_off");

int leaks_are_fine(void)
{
    return 1;
}

int main(void)
{
    return 0;
}
