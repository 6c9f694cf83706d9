/*
 * sim_core_version.c - package versions as CANN reports them: aclsysGetVersionStr,
 * aclsysGetVersionNum and the deprecated aclsysGetCANNVersion read the packages' version.info
 * files, realpath($ASCEND_HOME_PATH)/share/info/<pkg>/version.info (the driver's and firmware's
 * through /etc/ascend_install.info). Layer: beside init (reads nothing of the core's state).
 * Source: hicann/runtime 681ef76 src/acl/aclrt_impl/acl.cpp (GetPkgVersionContent,
 * GetVersionByPkgName, GetVersionStringInternal, CalculateVersionNum, ParseBaseVersion,
 * ParsePrereleasePart, ParsePreNumStrict, aclsysGetCANNVersionImpl, ConvertVersion,
 * FillinPackageVersion); unit tests tests/ut/acl/testcase/acl_common_unittest.cpp.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_core_priv.h"

/* The CANN version the simulator models: the install writes it into every version.info. */
#define SIM_CANN_VERSION_STR "9.0.0"

#define LINE_MAX_LEN 4096

const char *aclsimCANNVersion(void)
{
    return SIM_CANN_VERSION_STR;
}

static aclError invalid_file(const char *what, const char *detail)
{
    return sim_fail(ACL_ERROR_INVALID_FILE, "EH0003", "%s %s.", what, detail);
}

/* First line containing key (case-sensitive substring, as std::string::find): the text after it. */
static int find_key(FILE *f, const char *key, char *out, size_t outlen)
{
    char line[LINE_MAX_LEN];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        const char *at = strstr(line, key);
        if (at) {
            snprintf(out, outlen, "%s", at + strlen(key));
            return 1;
        }
    }
    return 0;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    size_t i = 0;
    while (s[i] && isspace((unsigned char)s[i]))
        i++;
    memmove(s, s + i, strlen(s + i) + 1);
}

/* "Version=" of a file; trimmed (GetVersionStringInternal) or as written (ParseVersionInfo). */
static aclError read_version(const char *path, int trimmed, char *out, size_t outlen)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return invalid_file(path, "cannot be opened");
    int found = find_key(f, "Version=", out, outlen);
    fclose(f);
    if (found && trimmed)
        trim(out);
    if (!found || !out[0])
        return invalid_file("Keyword Version= not found in version info file", path);
    return ACL_SUCCESS;
}

/* driver / firmware: <Driver|Firmware_Install_Path_Param>/<pkg>/version.info (GetPkgPath, no trimming). */
static aclError install_info_path(const char *pkg, char *path, size_t len)
{
    const char *key = strcmp(pkg, "driver") == 0 ? "Driver_Install_Path_Param=" : "Firmware_Install_Path_Param=";
    FILE *f = fopen("/etc/ascend_install.info", "r");
    if (!f)
        return invalid_file("/etc/ascend_install.info", "cannot be opened");
    char dir[LINE_MAX_LEN];
    int found = find_key(f, key, dir, sizeof dir);
    fclose(f);
    if (!found)
        return invalid_file(key, "not found in /etc/ascend_install.info");
    snprintf(path, len, "%s/%s/version.info", dir, pkg);
    return ACL_SUCCESS;
}

/* GetVersionByPkgName: ASCEND_HOME_PATH unset, empty or not an existing path -> 100003. */
static aclError version_of(const char *pkg, char *out, size_t outlen)
{
    char path[PATH_MAX + 256];
    if (strcmp(pkg, "driver") == 0 || strcmp(pkg, "firmware") == 0) {
        aclError rc = install_info_path(pkg, path, sizeof path);
        return rc != ACL_SUCCESS ? rc : read_version(path, 1, out, outlen);
    }
    const char *home = getenv("ASCEND_HOME_PATH");
    if (!home)
        return invalid_file("ASCEND_HOME_PATH", "is not set");
    char real[PATH_MAX];
    if (!home[0] || !realpath(home, real))
        return invalid_file("ASCEND_HOME_PATH", "is empty or not an existing path");
    snprintf(path, sizeof path, "%s/share/info/%s/version.info", real, pkg);
    return read_version(path, 1, out, outlen);
}

/* GetPkgVersionContent: the name as given, then with every '-' as '_' (or, without '-', every '_' as '-'). */
static aclError pkg_version(const char *pkg, char *out, size_t outlen)
{
    char alt[256];
    snprintf(alt, sizeof alt, "%s", pkg);
    char from = strchr(alt, '-') ? '-' : '_', to = from == '-' ? '_' : '-';
    int has_alt = strchr(alt, from) != NULL;
    for (char *c = alt; *c; c++)
        if (*c == from)
            *c = to;
    aclError rc = version_of(pkg, out, outlen);
    if (rc == ACL_SUCCESS || !has_alt)
        return rc;
    return version_of(alt, out, outlen);
}

aclError aclsysGetVersionStr(char *pkgName, char *versionStr)
{
    if (!versionStr)
        return sim_null_arg("versionStr");
    if (!pkgName)
        return sim_null_arg("pkgName");
    char value[LINE_MAX_LEN];
    aclError rc = pkg_version(pkgName, value, sizeof value);
    if (rc != ACL_SUCCESS)
        return rc;
    if (strlen(value) >= ACL_PKG_VERSION_MAX_SIZE) {
        versionStr[0] = '\0';   /* strcpy_s semantics */
        return sim_fail(ACL_ERROR_INTERNAL_ERROR, "EH9999", "The version of %.64s is %zu characters long (at most %d).",
                        pkgName, strlen(value), ACL_PKG_VERSION_MAX_SIZE - 1);
    }
    memcpy(versionStr, value, strlen(value) + 1);
    return ACL_SUCCESS;
}

/* std::stoi on [s, s + n): leading blanks and a sign, then at least one digit; stops at the first
 * non-digit. *used = characters consumed. -1 when nothing converts or the value overflows. */
static int stoi_like(const char *s, size_t n, long *v, size_t *used)
{
    size_t i = 0;
    while (i < n && isspace((unsigned char)s[i]))
        i++;
    int neg = 0;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        neg = s[i++] == '-';
    size_t d0 = i;
    long acc = 0;
    while (i < n && isdigit((unsigned char)s[i])) {
        acc = acc * 10 + (s[i] - '0');
        if (acc > INT_MAX)
            return -1;
        i++;
    }
    if (i == d0)
        return -1;
    *v = neg ? -acc : acc;
    *used = i;
    return 0;
}

static aclError malformed(const char *version, const char *why)
{
    return sim_fail(ACL_ERROR_INTERNAL_ERROR, "EH9999", "Version %.128s is malformed: %s.", version, why);
}

/* CalculateVersionNum: M*10^7 + m*10^5 + p*10^3 - {alpha 300, beta 200, rc 100} + n. */
static aclError version_number(const char *v, int32_t *num)
{
    const char *d1 = strchr(v, '.');
    if (!d1 || d1 == v)
        return malformed(v, "Missing major version");
    const char *d2 = strchr(d1 + 1, '.');
    if (!d2 || d2 == d1 + 1)
        return malformed(v, "Missing minor version");
    const char *p = d2 + 1, *pe = p;
    while (isdigit((unsigned char)*pe))
        pe++;
    if (pe == p)
        return malformed(v, "Missing patch version");
    long major, minor, patch;
    size_t used;
    if (stoi_like(v, (size_t)(d1 - v), &major, &used) || stoi_like(d1 + 1, (size_t)(d2 - d1 - 1), &minor, &used) ||
        stoi_like(p, (size_t)(pe - p), &patch, &used))
        return malformed(v, "a part is not a number");
    long base = major * 10000000L + minor * 100000L + patch * 1000L;
    if (!*pe) {
        *num = (int32_t)base;
        return ACL_SUCCESS;
    }
    char suffix[LINE_MAX_LEN];
    snprintf(suffix, sizeof suffix, "%s", pe);
    for (char *c = suffix; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    static const struct { const char *kw; long weight; } pre[] = {{"alpha", 300}, {"beta", 200}, {"rc", 100}};
    const char *at = NULL;
    size_t k = 0;
    for (; k < 3 && !at; k++)
        at = strstr(suffix, pre[k].kw);
    if (!at)
        return malformed(v, "Unknown version suffix");
    k--;
    if (at - suffix > 1)
        return malformed(v, "more than one separator before the pre-release keyword");
    /* ParsePreNumStrict: "", "001", ".1", "-1" allowed; "..1", ".", "-a", "a" not */
    const char *rest = at + strlen(pre[k].kw);
    long n = 0;
    if (*rest) {
        if (*rest == '.' || *rest == '-')
            rest++;
        if (!*rest)
            return malformed(v, "no pre-release number after the separator");
        for (const char *c = rest; *c; c++)
            if (!isdigit((unsigned char)*c))
                return malformed(v, "the pre-release number is not a number");
        if (stoi_like(rest, strlen(rest), &n, &used))
            return malformed(v, "the pre-release number is out of range");
    }
    *num = (int32_t)(base - pre[k].weight + n);
    return ACL_SUCCESS;
}

aclError aclsysGetVersionNum(char *pkgName, int32_t *versionNum)
{
    if (!versionNum)
        return sim_null_arg("versionNum");
    if (!pkgName)
        return sim_null_arg("pkgName");
    char value[LINE_MAX_LEN];
    aclError rc = pkg_version(pkgName, value, sizeof value);
    return rc != ACL_SUCCESS ? rc : version_number(value, versionNum);
}

/* ConvertVersion + FillinPackageVersion: "a-b.c" -> "a.bc"; split on '.', at least 2 parts, padded to
 * 4 with "0", no empty part (else 100003). */
static aclError fill_version(const char *raw, aclCANNPackageVersion *out)
{
    char conv[LINE_MAX_LEN];
    const char *dash = strchr(raw, '-');
    if (dash) {
        size_t k = (size_t)snprintf(conv, sizeof conv, "%.*s.", (int)(dash - raw), raw);
        for (const char *c = dash + 1; *c && k + 1 < sizeof conv; c++)
            if (*c != '.')
                conv[k++] = *c;
        conv[k] = '\0';
    } else {
        snprintf(conv, sizeof conv, "%s", raw);
    }
    char parts[4][ACL_PKG_VERSION_PARTS_MAX_SIZE] = {"0", "0", "0", "0"};
    int nparts = 0;
    for (const char *s = conv;; nparts++) {
        const char *e = strchr(s, '.');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if (len == 0)
            return invalid_file(raw, "has an empty version part");
        if (nparts < 4)
            snprintf(parts[nparts], sizeof parts[nparts], "%.*s", (int)len, s);
        if (!e)
            break;
        s = e + 1;
    }
    if (nparts + 1 < 2)
        return invalid_file(raw, "has fewer than two version parts");
    memset(out, 0, sizeof *out);
    size_t vlen = strlen(conv) < sizeof out->version - 1 ? strlen(conv) : sizeof out->version - 1;
    memcpy(out->version, conv, vlen);   /* copied truncated to 127 characters, as RT's strncpy_s */
    snprintf(out->majorVersion, sizeof out->majorVersion, "%s", parts[0]);
    snprintf(out->minorVersion, sizeof out->minorVersion, "%s", parts[1]);
    snprintf(out->releaseVersion, sizeof out->releaseVersion, "%s", parts[2]);
    snprintf(out->patchVersion, sizeof out->patchVersion, "%s", parts[3]);
    return ACL_SUCCESS;
}

/* aclsysGetCANNVersionImpl: version NULL -> 100000; an enum value outside the list -> 100000; the
 * package of kMapToPkgName under $ASCEND_HOME_PATH/share/info (no realpath), retried with '-' as '_'. */
aclError aclsysGetCANNVersion(aclCANNPackageName name, aclCANNPackageVersion *version)
{
    static const char *const k_pkg[] = {"runtime", "runtime", "bisheng-compiler", "hccl", "oam-tools",
                                        "ops-legacy", "ops-legacy", "driver"};
    if (!version)
        return sim_null_arg("version");
    if ((int)name < 0 || (int)name > ACL_PKG_NAME_DRIVER)
        return sim_fail(ACL_ERROR_INVALID_PARAM, "EH0001", "Value %d for name is invalid.", (int)name);
    char value[LINE_MAX_LEN], path[PATH_MAX + 256];
    aclError rc;
    if (name == ACL_PKG_NAME_DRIVER) {
        rc = install_info_path("driver", path, sizeof path);
        if (rc == ACL_SUCCESS)
            rc = read_version(path, 0, value, sizeof value);
    } else {
        const char *home = getenv("ASCEND_HOME_PATH");
        if (!home)
            return invalid_file("ASCEND_HOME_PATH", "is not set");
        snprintf(path, sizeof path, "%s/share/info/%s/version.info", home, k_pkg[name]);
        FILE *f = fopen(path, "r");
        if (f) {
            fclose(f);
        } else {
            for (char *c = path + strlen(home); *c; c++)
                if (*c == '-')
                    *c = '_';
        }
        rc = read_version(path, 0, value, sizeof value);
    }
    return rc != ACL_SUCCESS ? rc : fill_version(value, version);
}
