/* The floor of any tool that answers from a vdir: list its items, then stat each (what a warm
 * run must do to know nothing changed) or open and read each (what a cold run must do), on as
 * many threads as there are cores, doing nothing with what it gets; or only list them (what a
 * look that trusts the folder's names and inode numbers must do).
 *
 * Build: cc -O2 -pthread -o vdir_floor vdir_floor.c
 * Run:   ./vdir_floor DIR stat|read|list (prints the number of items and of bytes) */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char **names;
static size_t count;
static int folder;
static int reading;
static long threads;

static void *work(void *arg) {
    long first = (long)arg, bytes = 0;
    char buffer[1 << 16];
    for (size_t i = first; i < count; i += threads) {
        if (!reading) {
            struct stat info;
            if (fstatat(folder, names[i], &info, 0) == 0) bytes += info.st_size;
            continue;
        }
        int descriptor = openat(folder, names[i], O_RDONLY | O_NOATIME);
        if (descriptor < 0) descriptor = openat(folder, names[i], O_RDONLY);
        if (descriptor < 0) continue;
        for (ssize_t got; (got = read(descriptor, buffer, sizeof buffer)) > 0;) bytes += got;
        close(descriptor);
    }
    return (void *)bytes;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: vdir_floor DIR stat|read|list\n");
        return 2;
    }
    DIR *directory = opendir(argv[1]);
    if (!directory) {
        perror(argv[1]);
        return 1;
    }
    folder = dirfd(directory);
    reading = strcmp(argv[2], "read") == 0;
    size_t room = 1024;
    names = malloc(room * sizeof *names);
    for (struct dirent *entry; (entry = readdir(directory));) {
        size_t length = strlen(entry->d_name);
        if (entry->d_name[0] == '.' || length < 5 || strcasecmp(entry->d_name + length - 4, ".ics") != 0) continue;
        if (count == room) names = realloc(names, (room *= 2) * sizeof *names);
        names[count++] = strdup(entry->d_name);
    }
    // Listing alone: what a look that trusts the folder's names and inodes must do.
    if (strcmp(argv[2], "list") == 0) {
        printf("%zu items\n", count);
        return 0;
    }
    threads = sysconf(_SC_NPROCESSORS_ONLN);
    if (threads < 1) threads = 1;
    pthread_t workers[threads];
    for (long t = 0; t < threads; t++) pthread_create(&workers[t], NULL, work, (void *)t);
    long total = 0;
    for (long t = 0; t < threads; t++) {
        void *bytes;
        pthread_join(workers[t], &bytes);
        total += (long)bytes;
    }
    printf("%zu items, %ld bytes\n", count, total);
    return 0;
}
