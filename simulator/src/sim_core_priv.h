/*
 * sim_core_priv.h - private declarations shared by the core files (sim_core_*.c) only.
 */
#ifndef SIM_CORE_PRIV_H_
#define SIM_CORE_PRIV_H_

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <time.h>

#include "sim_internal.h"


/* ---- errors / threads (sim_core_error.c) ---- */
/* Set the calling thread's recent message verbatim (used to hand an async error to the syncer). */
void sim_core_set_msg(const char *msg);
/* Small per-thread serial number (1, 2, ...) used as the thread id in validation records. */
uint64_t sim_core_thread_serial(void);
/* The calling thread's last runtime error (aclrtGetLastError): sim_fail records every runtime-layer
 * code (1x7xxx, 2x7xxx, 5x7xxx); a synchronisation reporting an asynchronous error records it here. */
void sim_core_set_last_error(aclError code);

/* ---- generic uint64 -> pointer map, not thread-safe (sim_core_registry.c) ---- */
typedef struct sim_map_node {
    uint64_t key;
    void *val;
    struct sim_map_node *next;
} sim_map_node;
typedef struct {
    sim_map_node **buckets;
    size_t nbuckets;
    size_t count;
} sim_map;
int sim_map_put(sim_map *m, uint64_t key, void *val);   /* 0 ok, -1 OOM; key must be new */
void *sim_map_get(const sim_map *m, uint64_t key);
void *sim_map_del(sim_map *m, uint64_t key);
/* Visit every entry (fn may not modify the map). */
void sim_map_each(const sim_map *m, void (*fn)(uint64_t key, void *val, void *ud), void *ud);

/* ---- registry extras (sim_core_registry.c) ---- */
/* Like sim_handle_get, but calls addref(obj) while the registry lock is held so the object
 * cannot be freed between lookup and use. */
void *sim_core_handle_get_ref(sim_kind kind, const void *handle, void (*addref)(void *));
/* Live count adjustments for objects that are not registry handles (device / host memory). */
void sim_core_live_add(sim_kind kind, int64_t delta);

/* ---- core state (sim_core_state.c) ---- */
/* Guards devices, contexts, the per-context stream/event lists and the init flag. */
extern pthread_mutex_t g_sim_core_mu;
int sim_core_inited(void);              /* atomic read */
void sim_core_set_inited(int inited);   /* atomic write (aclInit / aclFinalize) */
/* 0 if aclInit has been called, else sim_fail(ACL_ERROR_UNINITIALIZE) naming api. */
aclError sim_core_require_init(const char *api);
/* Reset hooks: teardowns run (without g_sim_core_mu) after a device is reset (its id) and at
 * aclFinalize (-1), in registration order. Registering the same function again is a no-op. */
typedef void (*sim_core_reset_fn)(int device);
void sim_core_on_reset(sim_core_reset_fn fn);
void sim_core_run_reset(int device);
/* Absolute CLOCK_MONOTONIC deadline ms from now. */
void sim_core_deadline(struct timespec *ts, int64_t ms);
/* Condition variable using CLOCK_MONOTONIC (for timed waits). */
int sim_core_cond_init(pthread_cond_t *cv);

/* ---- products / compile options (sim_core_product.c) ---- */
/* Re-read ACLSIM_SOC and ACLSIM_DEVICE_COUNT; returns 0 or an error (with message). */
aclError sim_core_product_load(void);
void sim_core_compileopt_reset(void);

/* ---- faults (sim_core_faults.c; aclInit parses ACLSIM_FAULTS) ---- */
/* Index of the fault named name, or -1. */
int sim_core_fault_find(const char *name);
/* Set every switch: flags[i] for fault i (SIM_FAULT_COUNT entries). */
void sim_core_faults_set(const int *flags);

/* ---- contexts and devices ---- */
typedef struct sim_ctx sim_ctx;
typedef struct sim_event sim_event;

struct sim_ctx {
    atomic_long ref;
    uint64_t handle;
    int device;
    int is_default;
    int dead;                       /* under g_sim_core_mu */
    sim_stream *default_stream;     /* owner ref; under g_sim_core_mu */
    sim_stream **streams;           /* explicit streams, owner refs; under g_sim_core_mu */
    size_t nstreams, capstreams;
    sim_event **events;             /* owner refs; under g_sim_core_mu */
    size_t nevents, capevents;
};

/* -- contexts and stream counts (sim_core_ctx.c) -- */
/* Calling thread's current context with a reference, or NULL. */
sim_ctx *sim_core_current_ctx(void);
/* The calling thread's current context handle as set (possibly dead), and its setter. */
void *sim_core_current_handle(void);
void sim_core_set_current(void *handle);
void sim_core_ctx_addref(void *ctx);
void sim_core_ctx_unref(sim_ctx *ctx);
/* Fresh zero stream counts for count devices, under g_sim_core_mu. 0 ok, -1 OOM. */
int sim_core_stream_counts_setup_locked(int count);
/* Per-device stream accounting, under g_sim_core_mu. Returns 0 or -1 when the limit is hit. */
int sim_core_dev_stream_reserve_locked(int device);
void sim_core_dev_stream_unreserve_locked(int device, int n);
/* "The current thread has no context." (ACL_ERROR_RT_CONTEXT_NULL). */
aclError sim_core_no_context_error(void);
/* Stream count limit violation error for device. */
aclError sim_core_stream_limit_error(int device);

/* -- devices (sim_core_device.c) -- */
/* Allocate the device table (after aclInit read the product). Called with g_sim_core_mu held. */
aclError sim_core_devices_setup_locked(int count);
/* Tear down every device (aclFinalize). Must be called WITHOUT g_sim_core_mu. */
void sim_core_devices_teardown_all(void);
/* Wait until every stream of the current thread's device has run its queue, leaving their pending
 * errors for the next synchronisation (aclrtFreeWithDevSync). No context: returns at once. */
void sim_core_device_drain(void);

/* ---- streams / events (sim_core_stream.c) ---- */
typedef struct sim_task {
    sim_task_run_fn run;
    sim_task_release_fn release;
    void *arg;
    struct sim_task *next;
} sim_task;

struct sim_stream {
    atomic_long ref;
    uint64_t handle;
    sim_ctx *ctx;                   /* holds a ref */
    int device;
    int is_default;
    pthread_mutex_t mu;
    pthread_cond_t cv_work;         /* worker waits for tasks / resume / stop */
    pthread_cond_t cv_done;         /* syncers wait for progress */
    sim_task *head, *tail;
    uint64_t enq, done;             /* tasks queued / finished so far */
    int paused, stop, dead, worker_started;
    int worker_owns_ref;       /* the worker releases one reference as it returns (shutdown_detached) */
    pthread_t worker;
    aclError err;                   /* first pending async error */
    char errmsg[SIM_MSG_LEN];
    /* attributes (sim_core_stream_attr.c), all under mu */
    int32_t id;                     /* aclrtStreamGetId: process-wide serial */
    uint32_t priority;              /* 0 (greatest) .. 7 (least) */
    uint32_t acl_flags;             /* ACL_STREAM_* bits given at creation */
    uint64_t failure_mode;          /* ACL_CONTINUE_ON_FAILURE / ACL_STOP_ON_FAILURE */
    uint32_t overflow, cache_op_info, user_tag;
    uint64_t first_tid;             /* validation: first launching thread */
    uint64_t *reported;             /* validation: threads already reported */
    size_t nreported, capreported;
};

struct sim_event {
    atomic_long ref;
    uint64_t handle;
    int device;
    sim_ctx *owner;                 /* context whose list holds it; valid while the handle is live
                                       (read under g_sim_core_mu) */
    pthread_mutex_t mu;
    pthread_cond_t cv;
    uint64_t rec;                   /* records issued */
    uint64_t done;                  /* latest record generation completed */
    /* extensions (sim_core_event_ext.c), under mu */
    uint32_t id;                    /* aclrtGetEventId: process-wide serial */
    uint32_t flags;                 /* ACL_EVENT_* of aclrtCreateEvent[Ex]WithFlag; 0 = aclrtCreateEvent */
    int is_ex;                      /* created by aclrtCreateEventExWithFlag */
    int rec_flag, wait_flag;        /* first record / wait flag + 1 (0 = none yet) */
    uint64_t ts_ns;                 /* CLOCK_MONOTONIC ns when record generation ts_gen ran */
    uint64_t ts_gen;
    uint64_t reset_at;              /* records up to this generation were undone by aclrtResetEvent */
};

/* New stream registered in the registry, holding a ref to ctx; returned with one (owner) ref. */
sim_stream *sim_core_stream_new(sim_ctx *ctx, int is_default);
/* Drop the tasks still queued (not the one running): they count as done and never run. */
void sim_core_stream_discard(sim_stream *st);
/* Stop accepting tasks, resume if paused, drain, stop and join the worker. Caller keeps its ref. */
void sim_core_stream_shutdown(sim_stream *st);
/* The same, but the worker is detached instead of joined: it holds its own ref and drops it as it
 * returns (aclrtDestroyStream). Caller keeps its ref. */
void sim_core_stream_shutdown_detached(sim_stream *st);
void sim_core_stream_addref(void *st);
void sim_core_event_unref(sim_event *ev);
/* Live event with a reference (release with sim_core_event_unref): NULL -> 100000, dead -> 100000. */
aclError sim_core_event_lookup(aclrtEvent event, sim_event **out);
/* aclrtCreateEvent with the given ACL_EVENT_* flags (0 = plain event). */
aclError sim_core_event_create(const char *call, aclrtEvent *event, uint32_t flags, int is_ex);
/* Queue a wait on the latest record of ev; timeout_ms < 0 = the aclrtSetOpWaitTimeout setting. */
aclError sim_core_event_wait(aclrtStream stream, sim_event *ev, int64_t timeout_ms, const char *call);
/* Monotonic clock in ns. */
uint64_t sim_core_now_ns(void);
/* Wait for the stream; timeout_ms < 0 waits forever. */
aclError sim_core_stream_sync_timeout(sim_stream *st, int32_t timeout_ms);
void sim_core_stream_set_paused(sim_stream *st, int paused);

/* ---- timeouts (sim_core_timeout.c, above ctx) ---- */
/* aclrtSetOpWaitTimeout in ms; 0 = never. */
int64_t sim_core_op_wait_timeout_ms(void);

/* ---- devices: reference counts (sim_core_device.c) ---- */
/* aclrtResetDevice (force 0) or aclrtResetDeviceForce (force 1: drop every aclrtSetDevice reference). */
aclError sim_core_device_reset(int32_t deviceId, int force);
/* 1 while device has aclrtSetDevice references, else 0. */
int sim_core_device_active(int32_t deviceId);
/* Streams in use on device (default streams included), under g_sim_core_mu. */
int sim_core_dev_streams_used_locked(int device);

/* ---- memory (sim_core_memory.c) ---- */
/* Bytes from p to the end of its aclrtMallocHost block; 0 if p is not in one. */
size_t sim_core_host_extent(const void *p);
/* The per-device memory the simulator offers (ACLSIM_DEVICE_MEM_MB). */
size_t sim_core_dev_mem_total(void);
/* memset of count bytes at p if p starts an aclrtMallocHost block that large: 1, else 0. */
int sim_core_host_memset(void *p, int32_t value, size_t count);
/* Reset hook (aclInit registers it): drop every device allocation of device (or of all devices when device < 0). */
void sim_core_mem_teardown_device(int device);

/* ---- validation (sim_core_validation.c) ---- */
void sim_core_validation_add(const char *record);

#endif /* SIM_CORE_PRIV_H_ */
