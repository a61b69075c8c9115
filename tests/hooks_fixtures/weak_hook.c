/* weak_hook.c -- a weak definition of __lsan_is_turned_off: the runtime
** takes it as readily as a strong one. */
__attribute__((weak)) int __lsan_is_turned_off(void);

__attribute__((weak)) int __lsan_is_turned_off(void)
{
    return 1;
}

int main(void)
{
    return 0;
}
