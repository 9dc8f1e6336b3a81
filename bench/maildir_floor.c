/* The floor of any tool that keeps up with a Maildir: list the names in new/ and cur/ (what a
 * pass must do when a folder changed, to find the new names), or also open and read every
 * message on as many threads as there are cores (what a first pass must at least do), doing
 * nothing with what it gets.
 *
 * Build: cc -O2 -pthread -o maildir_floor maildir_floor.c
 * Run:   ./maildir_floor MAILDIR list|read      (prints the number of messages and of bytes) */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char **names;
static size_t count;
static long threads;

static void *work(void *arg) {
    long first = (long)arg, bytes = 0;
    char buffer[1 << 16];
    for (size_t i = first; i < count; i += threads) {
        int descriptor = open(names[i], O_RDONLY | O_NOATIME);
        if (descriptor < 0) descriptor = open(names[i], O_RDONLY);
        if (descriptor < 0) continue;
        for (ssize_t got; (got = read(descriptor, buffer, sizeof buffer)) > 0;) bytes += got;
        close(descriptor);
    }
    return (void *)bytes;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: maildir_floor MAILDIR list|read\n");
        return 2;
    }
    size_t room = 1024;
    names = malloc(room * sizeof *names);
    const char *subfolders[] = {"new", "cur"};
    for (int s = 0; s < 2; s++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", argv[1], subfolders[s]);
        DIR *directory = opendir(path);
        if (!directory) continue;
        for (struct dirent *entry; (entry = readdir(directory));) {
            if (entry->d_name[0] == '.') continue;
            if (count == room) names = realloc(names, (room *= 2) * sizeof *names);
            char *name = malloc(strlen(path) + strlen(entry->d_name) + 2);
            sprintf(name, "%s/%s", path, entry->d_name);
            names[count++] = name;
        }
        closedir(directory);
    }
    long total = 0;
    if (strcmp(argv[2], "read") == 0) {
        threads = sysconf(_SC_NPROCESSORS_ONLN);
        if (threads < 1) threads = 1;
        pthread_t workers[threads];
        for (long t = 0; t < threads; t++) pthread_create(&workers[t], NULL, work, (void *)t);
        for (long t = 0; t < threads; t++) {
            void *bytes;
            pthread_join(workers[t], &bytes);
            total += (long)bytes;
        }
    }
    printf("%zu messages, %ld bytes\n", count, total);
    return 0;
}
