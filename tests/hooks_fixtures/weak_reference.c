/* weak_reference.c -- a weak reference to the leak checker's switch:
** linked without the runtime it is NULL, so the same source builds
** plainly too; with it, the call turns the checker off. */
void __lsan_disable(void) __attribute__((weak));

int main(void)
{
    if (__lsan_disable)
        __lsan_disable();
    return 0;
}
