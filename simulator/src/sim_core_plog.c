/*
 * sim_core_plog.c - the host process log (plog), where CANN writes the cause of a failure that the
 * API only reports as a code.
 *
 * Place (RT src/dfx/log/liblog/slog/plog/plog_file_mgr.c; RT docs/zh/env_vars/ASCEND_PROCESS_LOG_PATH.md):
 * the root is $ASCEND_PROCESS_LOG_PATH, else $ASCEND_WORK_PATH/log, else $HOME/ascend/log; debug
 * logs go to <root>/debug/plog/plog-<pid>_<YYYYMMDDhhmmssmmm>.log, one file per process, the
 * directories created when missing.
 * Form (RT dlog_message.c, dlog_pub.h, acl log_inner.h; docs/zh/log_ref/log_overview.md):
 *     [ERROR] ASCENDCL(<pid>,<pname>):<yyyy-mm-dd-hh:mm:ss.mmm.uuu> [<file>:<line>]<tid> <func>:<message>
 * Level: ASCEND_GLOBAL_LOG_LEVEL (0 debug .. 3 error, 4 null; default 3); ASCEND_LOG_PRINT_TO_STDOUT=1
 * (or the deprecated ASCEND_SLOG_PRINT_TO_STDOUT=1) prints the line instead of writing it.
 * Not modelled: rotation (ASCEND_HOST_LOG_FILE_NUM), the run/security classes, device-side logs.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "sim_core_priv.h"

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static FILE *g_file;
static pid_t g_file_pid;            /* the process the file was opened for (a forked child opens its own) */

static int env_on(const char *name)
{
    const char *v = getenv(name);
    return v && strcmp(v, "1") == 0;
}

int sim_plog_level(void)
{
    const char *env = getenv("ASCEND_GLOBAL_LOG_LEVEL");
    char *end = NULL;
    long v = env && env[0] ? strtol(env, &end, 10) : -1;
    return (!env || !env[0] || !end || *end != '\0' || v < 0 || v > 4) ? 3 : (int)v;
}

static int mkdirs(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        int rc = mkdir(path, 0750);
        *p = '/';
        if (rc != 0 && errno != EEXIST)
            return -1;
    }
    return (mkdir(path, 0750) == 0 || errno == EEXIST) ? 0 : -1;
}

static int log_root(char *out, size_t len)
{
    const char *p = getenv("ASCEND_PROCESS_LOG_PATH");
    const char *w = getenv("ASCEND_WORK_PATH");
    const char *h = getenv("HOME");
    if (p && p[0])
        return snprintf(out, len, "%s", p) < (int)len ? 0 : -1;
    if (w && w[0])
        return snprintf(out, len, "%s/log", w) < (int)len ? 0 : -1;
    return h && h[0] && snprintf(out, len, "%s/ascend/log", h) < (int)len ? 0 : -1;
}

/* The process's file, opened (and its directories made) on the first line; NULL when it cannot be. */
static FILE *plog_file(void)
{
    pid_t pid = getpid();
    if (g_file && g_file_pid == pid)
        return g_file;
    if (g_file && g_file_pid != pid)
        g_file = NULL;                  /* inherited over fork: the parent's, left to it */
    char dir[PATH_MAX], path[PATH_MAX + 64];
    if (log_root(dir, sizeof dir - 16) != 0)
        return NULL;
    strcat(dir, "/debug/plog");
    if (mkdirs(dir) != 0)
        return NULL;
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    localtime_r(&ts.tv_sec, &tm);
    snprintf(path, sizeof path, "%s/plog-%d_%04d%02d%02d%02d%02d%02d%03ld.log", dir, (int)pid, tm.tm_year + 1900,
             tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000);
    g_file = fopen(path, "a");
    g_file_pid = pid;
    if (g_file)
        setvbuf(g_file, NULL, _IOLBF, 0);   /* a reader sees each line as soon as it is written */
    return g_file;
}

static const char *level_name(int level)
{
    static const char *const names[] = {"DEBUG", "INFO", "WARNING", "ERROR"};
    return level >= 0 && level <= 3 ? names[level] : "ERROR";
}

void sim_plog(int level, const char *module, const char *file, int line, const char *func, const char *fmt, ...)
{
    if (level < sim_plog_level() || sim_plog_level() == 4)
        return;
    char text[SIM_RECENT_MSG_LEN], when[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    localtime_r(&ts.tv_sec, &tm);
    snprintf(when, sizeof when, "%04d-%02d-%02d-%02d:%02d:%02d.%03ld.%03ld", tm.tm_year + 1900, tm.tm_mon + 1,
             tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000, (ts.tv_nsec / 1000) % 1000);
    const char *slash = file ? strrchr(file, '/') : NULL;
    pthread_mutex_lock(&g_mu);
    FILE *out = env_on("ASCEND_LOG_PRINT_TO_STDOUT") || env_on("ASCEND_SLOG_PRINT_TO_STDOUT") ? stdout : plog_file();
    if (out) {
        fprintf(out, "[%s] %s(%d,%s):%s [%s:%d]%ld %s:%s\n", level_name(level), module, (int)getpid(),
                program_invocation_short_name, when, slash ? slash + 1 : (file ? file : "?"), line,
                (long)syscall(SYS_gettid), func ? func : "?", text);
        if (out == stdout)
            fflush(out);
    }
    pthread_mutex_unlock(&g_mu);
}
