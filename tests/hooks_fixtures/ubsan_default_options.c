/* ubsan_default_options.c -- defines __ubsan_default_options, UBSan's
** options from inside the program. */
const char *__ubsan_default_options(void);

const char *__ubsan_default_options(void)
{
    return "halt_on_error=0:exitcode=0";
}

int main(void)
{
    return 0;
}
