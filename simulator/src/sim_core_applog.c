/*
 * sim_core_applog.c - aclAppLog, the application log call of acl_base.h (CANN 8.1) /
 * acl_base_rt.h (9.x).
 *
 * Behaviour follows hicann/runtime src/acl/aclrt_impl/log.cpp (aclAppLogImpl): NULL fmt, func
 * or file logs nothing; a level below the current log level logs nothing; the body is cut to
 * MAX_LOG_STRING (1024) bytes, the line is "<tid> <func>:<file>:<line>: \"<body>\"", and a cut
 * line ends with "...[truncated]". CANN hands the line to dlog: the process log (plog), as the
 * simulator does (sim_plog, module APP), or stdout when ASCEND_SLOG_PRINT_TO_STDOUT=1 (dlog's switch
 * for the same). The level comes from ASCEND_GLOBAL_LOG_LEVEL (0 debug .. 3 error, 4 null;
 * default 3, error), read at each call.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_core_priv.h"

/* The CANN-shaped install (python -m simulator.install) builds these sources once more as its
 * private core library and exports sim_app_log_v from it, so that each CANN-named library's
 * aclAppLog can hand its va_list over. In the simulator library itself it stays hidden. */
#ifndef SIM_CORE_EXPORT
#define SIM_CORE_EXPORT
#endif

#define APP_LOG_MAX 1024                   /* acl::MAX_LOG_STRING (RT common/log_inner.h) */
#define APP_LOG_TRUNCATED "...[truncated]"  /* TRUNCATED_MARK (RT aclrt_impl/log.cpp) */
#define APP_LOG_NULL_LEVEL 4

static int current_log_level(void)
{
    const char *env = getenv("ASCEND_GLOBAL_LOG_LEVEL");
    if (!env || !env[0])
        return ACL_ERROR;
    char *end = NULL;
    long v = strtol(env, &end, 10);
    if (!end || *end != '\0' || v < ACL_DEBUG || v > APP_LOG_NULL_LEVEL)
        return ACL_ERROR;
    return (int)v;
}

static int print_to_stdout(void)
{
    const char *env = getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    return env && strcmp(env, "1") == 0;
}

static const char *level_name(aclLogLevel level)
{
    switch (level) {
    case ACL_DEBUG: return "DEBUG";
    case ACL_INFO: return "INFO";
    case ACL_WARNING: return "WARNING";
    default: return "ERROR";
    }
}

SIM_CORE_EXPORT void sim_app_log_v(aclLogLevel logLevel, const char *func, const char *file, uint32_t line,
                                   const char *fmt, va_list args);

void sim_app_log_v(aclLogLevel logLevel, const char *func, const char *file, uint32_t line, const char *fmt,
                   va_list args)
{
    if (!fmt || !func || !file)
        return;
    if ((int)logLevel < current_log_level() || logLevel > ACL_ERROR)
        return;
    char body[APP_LOG_MAX];
    int body_len = vsnprintf(body, sizeof body, fmt, args);
    if (body_len < 0)
        return;
    char out[APP_LOG_MAX];
    int head_len = snprintf(out, sizeof out, "%llu %s:%s:%u: \"%s\"", (unsigned long long)sim_core_thread_serial(),
                            func, file, (unsigned)line, body);
    if (body_len >= APP_LOG_MAX - 1 || head_len >= APP_LOG_MAX - 1)
        memcpy(out + APP_LOG_MAX - 1 - strlen(APP_LOG_TRUNCATED), APP_LOG_TRUNCATED, strlen(APP_LOG_TRUNCATED) + 1);
    if (print_to_stdout()) {
        printf("[%s] APP: %s\n", level_name(logLevel), out);
        fflush(stdout);
    } else {                      /* dlog: the plog, under module APP (level already checked above) */
        sim_plog((int)logLevel, "APP", file, (int)line, func, "%s", out);
    }
}

void aclAppLog(aclLogLevel logLevel, const char *func, const char *file, uint32_t line, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    sim_app_log_v(logLevel, func, file, line, fmt, args);
    va_end(args);
}
