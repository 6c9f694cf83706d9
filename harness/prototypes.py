"""The C prototypes the binding declares, as data, grouped by the sections of acl-abi.md.

The text is the C declaration as the CANN headers spell it (shared/reference/acl-abi.md
section 1), so a reviewer can compare it line by line. ``parse`` turns each line into
(name, restype, argtypes) for ctypes. Every pointer argument is ``c_void_p`` so that contract
tests can pass NULL, raw addresses, freed handles or any ctypes buffer on purpose.
"""
from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass

SECTIONS: dict[str, str] = {
    "init": """
aclError aclInit(const char *configPath);
aclError aclFinalize();
aclError aclFinalizeReference(uint64_t *refCount);
aclError aclrtGetVersion(int32_t *majorVersion, int32_t *minorVersion, int32_t *patchVersion);
const char *aclGetRecentErrMsg();
aclError aclsysGetVersionStr(char *pkgName, char *versionStr);
aclError aclsysGetVersionNum(char *pkgName, int32_t *versionNum);
aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion *version);
""",
    "device": """
aclError aclrtSetDevice(int32_t deviceId);
aclError aclrtResetDevice(int32_t deviceId);
aclError aclrtGetDevice(int32_t *deviceId);
aclError aclrtGetDeviceCount(uint32_t *count);
aclError aclrtGetRunMode(aclrtRunMode *runMode);
aclError aclrtCreateContext(aclrtContext *context, int32_t deviceId);
aclError aclrtDestroyContext(aclrtContext context);
aclError aclrtSetCurrentContext(aclrtContext context);
aclError aclrtGetCurrentContext(aclrtContext *context);
aclError aclrtCreateStream(aclrtStream *stream);
aclError aclrtDestroyStream(aclrtStream stream);
aclError aclrtSynchronizeStream(aclrtStream stream);
aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout);
aclError aclrtSynchronizeDevice(void);
""",
    "event": """
aclError aclrtCreateEvent(aclrtEvent *event);
aclError aclrtDestroyEvent(aclrtEvent event);
aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream);
aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event);
aclError aclrtSynchronizeEvent(aclrtEvent event);
""",
    "memory": """
aclError aclrtMalloc(void **devPtr, size_t size, aclrtMemMallocPolicy policy);
aclError aclrtFree(void *devPtr);
aclError aclrtMallocHost(void **hostPtr, size_t size);
aclError aclrtFreeHost(void *hostPtr);
aclError aclrtMemcpy(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind);
aclError aclrtMemset(void *devPtr, size_t maxCount, int32_t value, size_t count);
aclError aclrtMemcpyAsync(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind, aclrtStream stream);
""",
    # Not in acl-abi.md: hicann/runtime include/external/acl/acl_rt.h (the leak check's memory part).
    "memory_info": """
aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t *free, size_t *total);
""",
    "soc": """
const char *aclrtGetSocName();
""",
    "data_buffer": """
aclDataBuffer *aclCreateDataBuffer(void *data, size_t size);
aclError aclDestroyDataBuffer(const aclDataBuffer *dataBuffer);
aclError aclUpdateDataBuffer(aclDataBuffer *dataBuffer, void *data, size_t size);
void *aclGetDataBufferAddr(const aclDataBuffer *dataBuffer);
uint32_t aclGetDataBufferSize(const aclDataBuffer *dataBuffer);
size_t aclGetDataBufferSizeV2(const aclDataBuffer *dataBuffer);
size_t aclDataTypeSize(aclDataType dataType);
float aclFloat16ToFloat(aclFloat16 value);
aclFloat16 aclFloatToFloat16(float value);
""",
    "tensor_desc": """
aclTensorDesc *aclCreateTensorDesc(aclDataType dataType, int numDims, const int64_t *dims, aclFormat format);
void aclDestroyTensorDesc(const aclTensorDesc *desc);
aclError aclSetTensorShapeRange(aclTensorDesc *desc, size_t dimsCount, int64_t *dimsRange);
aclError aclSetTensorValueRange(aclTensorDesc *desc, size_t valueCount, int64_t *valueRange);
aclDataType aclGetTensorDescType(const aclTensorDesc *desc);
aclFormat aclGetTensorDescFormat(const aclTensorDesc *desc);
size_t aclGetTensorDescSize(const aclTensorDesc *desc);
size_t aclGetTensorDescElementCount(const aclTensorDesc *desc);
size_t aclGetTensorDescNumDims(const aclTensorDesc *desc);
int64_t aclGetTensorDescDim(const aclTensorDesc *desc, size_t index);
aclError aclGetTensorDescDimV2(const aclTensorDesc *desc, size_t index, int64_t *dimSize);
aclError aclGetTensorDescDimRange(const aclTensorDesc *desc, size_t index, size_t dimRangeNum, int64_t *dimRange);
void aclSetTensorDescName(aclTensorDesc *desc, const char *name);
const char *aclGetTensorDescName(aclTensorDesc *desc);
aclError aclTransTensorDescFormat(const aclTensorDesc *srcDesc, aclFormat dstFormat, aclTensorDesc **dstDesc);
aclError aclSetTensorStorageFormat(aclTensorDesc *desc, aclFormat format);
aclError aclSetTensorStorageShape(aclTensorDesc *desc, int numDims, const int64_t *dims);
aclError aclSetTensorFormat(aclTensorDesc *desc, aclFormat format);
aclError aclSetTensorShape(aclTensorDesc *desc, int numDims, const int64_t *dims);
aclError aclSetTensorOriginFormat(aclTensorDesc *desc, aclFormat format);
aclError aclSetTensorOriginShape(aclTensorDesc *desc, int numDims, const int64_t *dims);
aclTensorDesc *aclGetTensorDescByIndex(aclTensorDesc *desc, size_t index);
void *aclGetTensorDescAddress(const aclTensorDesc *desc);
aclError aclSetTensorDynamicInput(aclTensorDesc *desc, const char *dynamicInputName);
aclError aclSetTensorConst(aclTensorDesc *desc, void *dataBuffer, size_t length);
aclError aclSetTensorPlaceMent(aclTensorDesc *desc, aclMemType memType);
""",
    "aclop": """
aclError aclopSetModelDir(const char *modelDir);
aclError aclopLoad(const void *model, size_t modelSize);
aclopAttr *aclopCreateAttr();
void aclopDestroyAttr(const aclopAttr *attr);
aclError aclopSetAttrBool(aclopAttr *attr, const char *attrName, uint8_t attrValue);
aclError aclopSetAttrInt(aclopAttr *attr, const char *attrName, int64_t attrValue);
aclError aclopSetAttrFloat(aclopAttr *attr, const char *attrName, float attrValue);
aclError aclopSetAttrString(aclopAttr *attr, const char *attrName, const char *attrValue);
aclError aclopSetAttrDataType(aclopAttr *attr, const char *attrName, aclDataType attrValue);
aclError aclopSetAttrListDataType(aclopAttr *attr, const char *attrName, int numValues, const aclDataType *values);
aclError aclopSetAttrListBool(aclopAttr *attr, const char *attrName, int numValues, const uint8_t *values);
aclError aclopSetAttrListInt(aclopAttr *attr, const char *attrName, int numValues, const int64_t *values);
aclError aclopSetAttrListFloat(aclopAttr *attr, const char *attrName, int numValues, const float *values);
aclError aclopSetAttrListString(aclopAttr *attr, const char *attrName, int numValues, const char **values);
aclError aclopSetAttrListListInt(aclopAttr *attr, const char *attrName, int numLists, const int *numValues, const int64_t **values);
aclError aclopExecute(const char *opType, int numInputs, const aclTensorDesc **inputDesc, const aclDataBuffer **inputs, int numOutputs, const aclTensorDesc **outputDesc, aclDataBuffer **outputs, const aclopAttr *attr, aclrtStream stream);
aclError aclopExecuteV2(const char *opType, int numInputs, aclTensorDesc **inputDesc, aclDataBuffer **inputs, int numOutputs, aclTensorDesc **outputDesc, aclDataBuffer **outputs, aclopAttr *attr, aclrtStream stream);
aclError aclopCreateHandle(const char *opType, int numInputs, const aclTensorDesc **inputDesc, int numOutputs, const aclTensorDesc **outputDesc, const aclopAttr *opAttr, aclopHandle **handle);
void aclopDestroyHandle(aclopHandle *handle);
aclError aclopExecWithHandle(aclopHandle *handle, int numInputs, const aclDataBuffer **inputs, int numOutputs, aclDataBuffer **outputs, aclrtStream stream);
aclError aclopCast(const aclTensorDesc *srcDesc, const aclDataBuffer *srcBuffer, const aclTensorDesc *dstDesc, aclDataBuffer *dstBuffer, uint8_t truncate, aclrtStream stream);
aclError aclopCreateHandleForCast(aclTensorDesc *srcDesc, aclTensorDesc *dstDesc, uint8_t truncate, aclopHandle **handle);
aclError aclopUpdateParams(const char *opType, int numInputs, const aclTensorDesc **inputDesc, int numOutputs, const aclTensorDesc **outputDesc, const aclopAttr *attr);
aclError aclopSetMaxOpQueueNum(uint64_t maxOpNum);
aclError aclopInferShape(const char *opType, int numInputs, aclTensorDesc **inputDesc, aclDataBuffer **inputs, int numOutputs, aclTensorDesc **outputDesc, aclopAttr *attr);
""",
    "compiler": """
aclError aclopCompile(const char *opType, int numInputs, const aclTensorDesc **inputDesc, int numOutputs, const aclTensorDesc **outputDesc, const aclopAttr *attr, aclopEngineType engineType, aclopCompileType compileFlag, const char *opPath);
aclError aclSetCompileopt(aclCompileOpt opt, const char *value);
size_t aclGetCompileoptSize(aclCompileOpt opt);
aclError aclGetCompileopt(aclCompileOpt opt, char *value, size_t length);
""",
    # Calls an older CANN may lack (RT / GE 2026 headers acl_rt.h, acl_op_compiler.h): optional.
    "stream_ext": """
aclError aclrtCreateStreamWithConfig(aclrtStream *stream, uint32_t priority, uint32_t flag);
aclError aclrtDestroyStreamForce(aclrtStream stream);
aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus *status);
aclError aclrtSynchronizeDeviceWithTimeout(int32_t timeout);
""",
    "memory_ext": """
aclError aclrtMemsetAsync(void *devPtr, size_t maxCount, int32_t value, size_t count, aclrtStream stream);
aclError aclrtFreeWithDevSync(void *devPtr);
aclError aclrtFreeHostWithDevSync(void *hostPtr);
""",
    "compiler_ext": """
aclError aclopSetCompileFlag(aclOpCompileFlag flag);
aclError aclopCompileAndExecute(const char *opType, int numInputs, const aclTensorDesc **inputDesc, const aclDataBuffer **inputs, int numOutputs, const aclTensorDesc **outputDesc, aclDataBuffer **outputs, const aclopAttr *attr, aclopEngineType engineType, aclopCompileType compileFlag, const char *opPath, aclrtStream stream);
aclError aclopCompileAndExecuteV2(const char *opType, int numInputs, aclTensorDesc **inputDesc, aclDataBuffer **inputs, int numOutputs, aclTensorDesc **outputDesc, aclDataBuffer **outputs, aclopAttr *attr, aclopEngineType engineType, aclopCompileType compileFlag, const char *opPath, aclrtStream stream);
aclError aclGenGraphAndDumpForOp(const char *opType, int numInputs, const aclTensorDesc **inputDesc, const aclDataBuffer **inputs, int numOutputs, const aclTensorDesc **outputDesc, aclDataBuffer **outputs, const aclopAttr *attr, aclopEngineType engineType, const char *graphDumpPath, const aclGraphDumpOption *graphDumpOpt);
aclGraphDumpOption *aclCreateGraphDumpOpt();
aclError aclDestroyGraphDumpOpt(const aclGraphDumpOption *graphDumpOpt);
""",
    # Custom ops: a user compile function selects a user kernel (GE acl_op.h; docs/CUSTOM_OPS.md).
    "custom_op": """
aclError aclopCreateKernel(const char *opType, const char *kernelId, const char *kernelName, void *binData, int binSize, aclopEngineType enginetype, aclDataDeallocator deallocator);
aclError aclopRegisterCompileFunc(const char *opType, aclopCompileFunc func);
aclError aclopUnregisterCompileFunc(const char *opType);
aclError aclopSetKernelArgs(aclopKernelDesc *kernelDesc, const char *kernelId, uint32_t blockDim, const void *args, uint32_t argSize);
aclError aclopSetKernelWorkspaceSizes(aclopKernelDesc *kernelDesc, int numWorkspaces, size_t *workspaceSizes);
""",
    # Issue 22's runtime calls (hicann/runtime include/external/acl/acl_rt.h at 681ef76): optional,
    # an older CANN may lack some.
    "stream_rt": """
aclError aclrtSetStreamFailureMode(aclrtStream stream, uint64_t mode);
aclError aclrtStreamAbort(aclrtStream stream);
aclError aclrtSetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType, aclrtStreamAttrValue *value);
aclError aclrtGetStreamAttribute(aclrtStream stream, aclrtStreamAttr stmAttrType, aclrtStreamAttrValue *value);
aclError aclrtStreamGetPriority(aclrtStream stream, uint32_t *priority);
aclError aclrtStreamGetFlags(aclrtStream stream, uint32_t *flags);
aclError aclrtStreamGetId(aclrtStream stream, int32_t *streamId);
aclError aclrtGetStreamAvailableNum(uint32_t *streamCount);
aclError aclrtDeviceGetStreamPriorityRange(int32_t *leastPriority, int32_t *greatestPriority);
aclError aclrtCtxGetCurrentDefaultStream(aclrtStream *stream);
aclError aclrtSetStreamOverflowSwitch(aclrtStream stream, uint32_t flag);
aclError aclrtGetStreamOverflowSwitch(aclrtStream stream, uint32_t *flag);
aclError aclrtLaunchCallback(aclrtCallback fn, void *userData, aclrtCallbackBlockType blockType, aclrtStream stream);
aclError aclrtProcessReport(int32_t timeout);
aclError aclrtGetLastError(aclrtLastErrLevel level);
aclError aclrtPeekAtLastError(aclrtLastErrLevel level);
""",
    "timeout_rt": """
aclError aclrtSetOpWaitTimeout(uint32_t timeout);
aclError aclrtSetOpExecuteTimeOut(uint32_t timeout);
aclError aclrtSetOpExecuteTimeOutWithMs(uint32_t timeout);
aclError aclrtSetOpExecuteTimeOutV2(uint64_t timeout, uint64_t *actualTimeout);
aclError aclrtGetOpExecuteTimeout(uint32_t *const timeoutMs);
aclError aclrtGetOpTimeOutInterval(uint64_t *interval);
""",
    "event_rt": """
aclError aclrtCreateEventWithFlag(aclrtEvent *event, uint32_t flag);
aclError aclrtCreateEventExWithFlag(aclrtEvent *event, uint32_t flag);
aclError aclrtRecordEventWithFlag(aclrtEvent event, aclrtStream stream, uint32_t flag);
aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus *status);
aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus *status);
aclError aclrtQueryEventWaitStatus(aclrtEvent event, aclrtEventWaitStatus *status);
aclError aclrtEventElapsedTime(float *ms, aclrtEvent startEvent, aclrtEvent endEvent);
aclError aclrtEventGetTimestamp(aclrtEvent event, uint64_t *timestamp);
aclError aclrtGetEventId(aclrtEvent event, uint32_t *eventId);
aclError aclrtGetEventAvailNum(uint32_t *eventCount);
aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream);
aclError aclrtStreamWaitEventWithFlag(aclrtStream stream, aclrtEvent event, uint32_t timeout, uint32_t flag);
aclError aclrtStreamWaitEventWithTimeout(aclrtStream stream, aclrtEvent event, int32_t timeout);
aclError aclrtSynchronizeEventWithTimeout(aclrtEvent event, int32_t timeout);
""",
    "memory_rt": """
aclError aclrtMallocCached(void **devPtr, size_t size, aclrtMemMallocPolicy policy);
aclError aclrtMallocAlign32(void **devPtr, size_t size, aclrtMemMallocPolicy policy);
aclError aclrtMallocWithCfg(void **devPtr, size_t size, aclrtMemMallocPolicy policy, aclrtMallocConfig *cfg);
aclError aclrtMallocHostWithCfg(void **ptr, uint64_t size, aclrtMallocConfig *cfg);
aclError aclrtMemAllocManaged(void **ptr, uint64_t size, uint32_t flag);
aclError aclrtMemFlush(void *devPtr, size_t size);
aclError aclrtMemInvalidate(void *devPtr, size_t size);
aclError aclrtPointerGetAttributes(const void *ptr, aclrtPtrAttributes *attributes);
aclError aclrtMemcpy2d(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, aclrtMemcpyKind kind);
aclError aclrtMemcpy2dAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, aclrtMemcpyKind kind, aclrtStream stream);
aclError aclrtMemsetD32(void *ptr, size_t memSize, uint32_t value, size_t N);
aclError aclrtMemsetD32Async(void *ptr, size_t memSize, uint32_t value, size_t N, aclrtStream stream);
aclError aclrtMemcpyAsyncWithCondition(void *dst, size_t destMax, const void *src, size_t count, aclrtMemcpyKind kind, aclrtStream stream);
""",
    "device_rt": """
aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t *value);
aclError aclrtGetPrimaryCtxState(int32_t deviceId, uint32_t *flags, int32_t *active);
aclError aclrtResetDeviceForce(int32_t deviceId);
aclError aclrtSetTsDevice(aclrtTsId tsId);
aclError aclrtGetLogicDevIdByUserDevId(const int32_t userDevid, int32_t *const logicDevId);
aclError aclrtGetUserDevIdByLogicDevId(const int32_t logicDevId, int32_t *const userDevid);
aclError aclrtGetPhyDevIdByLogicDevId(const int32_t logicDevId, int32_t *const phyDevId);
aclError aclrtGetUserDevIdByPhyDevId(const int32_t phyDevId, int32_t *const userDevId);
aclError aclrtGetPhyDevIdByUserDevId(const int32_t userDevId, int32_t *const phyDevId);
""",
    # Simulator-only entry points (simulator/include/acl_sim.h); absent on hardware.
    "aclsim": """
const char *aclsimVersion();
const char *aclsimProductId();
int64_t aclsimLiveObjectCount(const char *kind);
size_t aclsimValidationLogCount();
aclError aclsimValidationLogGet(size_t index, char *buf, size_t buflen);
void aclsimValidationLogClear();
aclError aclsimStreamPause(aclrtStream stream, int paused);
aclError aclsimValidateModel(const void *model, size_t size, const char *soc, char *msg, size_t msglen);
const char *aclsimFaultNames();
const char *aclsimCANNVersion();
""",
}

# Sections every ACL library must provide (issue: "every entry point in acl-abi.md section 1 ...").
REQUIRED_SECTIONS = ("init", "device", "memory", "soc", "data_buffer", "tensor_desc", "aclop", "compiler")
# Sections that are optional capabilities: their absence is reported, not fatal.
OPTIONAL_SECTIONS = ("event", "memory_info", "stream_ext", "memory_ext", "compiler_ext", "aclsim",
                     "stream_rt", "timeout_rt", "event_rt", "memory_rt", "device_rt")

_SCALARS = {
    "aclError": ctypes.c_int, "int": ctypes.c_int, "int32_t": ctypes.c_int32,
    "uint32_t": ctypes.c_uint32, "int64_t": ctypes.c_int64, "uint64_t": ctypes.c_uint64,
    "size_t": ctypes.c_size_t, "float": ctypes.c_float, "uint8_t": ctypes.c_uint8,
    "aclFloat16": ctypes.c_uint16, "void": None,
}
# Enums are C ints (signed: some have -1).
_ENUMS = {"aclDataType", "aclFormat", "aclrtRunMode", "aclrtMemcpyKind", "aclrtMemMallocPolicy",
          "aclMemType", "aclrtMemAttr", "aclopEngineType", "aclopCompileType", "aclCompileOpt",
          "aclCANNPackageName", "aclOpCompileFlag", "aclrtStreamStatus", "aclrtStreamAttr",
          "aclrtCallbackBlockType", "aclrtLastErrLevel", "aclrtEventStatus", "aclrtEventRecordedStatus",
          "aclrtEventWaitStatus", "aclrtTsId", "aclrtDevAttr"}
# Opaque handle typedefs that are themselves pointers.
_HANDLE_TYPEDEFS = {"aclrtStream", "aclrtEvent", "aclrtContext",
                    "aclopCompileFunc", "aclDataDeallocator", "aclrtCallback"}   # function pointers

_LINE = re.compile(r"^\s*(?P<ret>[\w\s\*]+?)\s*(?P<name>\w+)\s*\((?P<args>.*)\)\s*;\s*$")


@dataclass(frozen=True)
class Prototype:
    section: str
    name: str
    restype: object
    argtypes: tuple
    text: str


def _ctype(decl: str, *, is_return: bool):
    decl = decl.replace("const ", "").strip()
    stars = decl.count("*")
    base = decl.replace("*", "").strip()
    if stars == 0:
        if base in _HANDLE_TYPEDEFS:
            return ctypes.c_void_p
        if base in _ENUMS:
            return ctypes.c_int
        if base in _SCALARS:
            return _SCALARS[base]
        raise ValueError(f"unknown C type {decl!r}")
    if is_return and stars == 1 and base == "char":
        return ctypes.c_char_p          # returned strings are copied into Python bytes
    return ctypes.c_void_p


def _arg_type(arg: str):
    arg = arg.strip()
    if arg in ("", "void"):
        return None
    # drop the parameter name: the last identifier not followed by '*'
    m = re.match(r"^(?P<type>.*?[\s\*])(?P<name>\w+)$", arg)
    if not m:
        raise ValueError(f"cannot parse parameter {arg!r}")
    return _ctype(m.group("type"), is_return=False)


def parse(section: str, line: str) -> Prototype:
    m = _LINE.match(line)
    if not m:
        raise ValueError(f"cannot parse prototype {line!r}")
    args = tuple(t for t in (_arg_type(a) for a in m.group("args").split(",")) if t is not None)
    return Prototype(section, m.group("name"), _ctype(m.group("ret"), is_return=True), args, line.strip())


def all_prototypes() -> list[Prototype]:
    out = []
    for section, text in SECTIONS.items():
        out.extend(parse(section, line) for line in text.strip().splitlines() if line.strip())
    return out


def names(*sections: str) -> list[str]:
    return [p.name for p in all_prototypes() if not sections or p.section in sections]
