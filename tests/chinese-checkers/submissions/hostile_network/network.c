/*
** network.c -- HOSTILE TEST FIXTURE for the kit's grader: tries to reach
** the network.
**
** reach_out() attempts a TCP connect() to a few ports of 127.0.0.1 and
** to 10.0.0.1:80, each with a 300 ms time limit, and sends nothing.  The
** sandbox has no network, so every attempt fails and the game that
** follows is normal; a connection that succeeds is announced on standard
** output ("CONNECTED: ..."), which spoils the transcript.  Port 47651 is
** where the kit's test suite listens to catch a connection.
*/
#define _GNU_SOURCE

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

/* 1 if a TCP connection to address:port opens within 300 ms. */
static int can_connect(const char *address, int port)
{
    struct sockaddr_in to = {0};
    struct pollfd p;
    int fd, err = 0, ok = 0;
    socklen_t len = sizeof err;

    fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (fd < 0)
        return 0;
    to.sin_family = AF_INET;
    to.sin_port = htons((unsigned short)port);
    if (inet_pton(AF_INET, address, &to.sin_addr) == 1) {
        if (connect(fd, (struct sockaddr *)&to, sizeof to) == 0) {
            ok = 1;
        } else if (errno == EINPROGRESS) {
            p.fd = fd;
            p.events = POLLOUT;
            if (poll(&p, 1, 300) == 1
                && getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len) == 0
                && err == 0)
                ok = 1;
        }
    }
    close(fd);
    return ok;
}

void reach_out(void)
{
    static const struct { const char *address; int port; } targets[] = {
        {"127.0.0.1", 47651}, {"127.0.0.1", 22}, {"127.0.0.1", 80},
        {"10.0.0.1", 80},
    };
    size_t i;

    for (i = 0; i < sizeof targets / sizeof targets[0]; i++)
        if (can_connect(targets[i].address, targets[i].port))
            printf("CONNECTED: %s:%d\n", targets[i].address, targets[i].port);
}
