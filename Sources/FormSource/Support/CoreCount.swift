import CFormcSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many cores this process may keep busy at once: the CPUs it may run on
/// (on Linux its affinity mask, which `taskset` and a container's cpuset set;
/// elsewhere the CPUs online), fewer when a CPU quota of its cgroup allows less
/// (`docker run --cpus 1.5`, a Kubernetes CPU limit: a quota of 1.5 CPUs counts
/// as 2), and at least one. The quota is read as Linux publishes it: the
/// process's cgroup from `/proc/self/cgroup`, where its hierarchy is mounted
/// from `/proc/self/mountinfo`, then cgroup v2's `cpu.max` or cgroup v1's
/// `cpu.cfs_quota_us` and `cpu.cfs_period_us` of that cgroup and each parent.
/// Whatever cannot be read or found (an unreadable file, a mount point written
/// with escapes such as `\040`, a cgroup outside the mounted hierarchy) counts as
/// no quota: the count can only come out too high, never below what a quota allows.
package enum CoreCount {
    /// The count for this process, read once.
    package static let current: Int = {
        let available = Int(formc_available_cpus())
        let count = max(available > 0 ? available : sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1)
        #if os(Linux)
        if let quota = quotaCores(read: readText) { return min(count, quota) }
        #endif
        return count
    }()

    /// A cgroup hierarchy as mounted: its root and where it is mounted, and
    /// whether it is cgroup v2's unified one.
    package struct Hierarchy: Equatable, Sendable {
        package var root: String
        package var mountPoint: String
        package var unified: Bool

        package init(root: String, mountPoint: String, unified: Bool) {
            self.root = root
            self.mountPoint = mountPoint
            self.unified = unified
        }

        /// The directory of cgroup `path` (as `/proc/self/cgroup` names it) in the
        /// mounted file system, nil when the mount does not show it.
        package func directory(of path: String) -> String? {
            let mount = mountPoint == "/" ? "" : mountPoint
            if root == "/" { return path == "/" ? mountPoint : mount + path }
            if path == root { return mountPoint }
            guard path.hasPrefix(root + "/") else { return nil }
            return mount + path.dropFirst(root.count)
        }
    }

    /// The fewest cores a quota allows the process with files read by `read`
    /// (`/proc/self/cgroup`, `/proc/self/mountinfo`, the cgroups' files): nil
    /// when no quota applies.
    package static func quotaCores(read: (String) -> String?) -> Int? {
        guard let cgroups = read("/proc/self/cgroup"), let mounts = read("/proc/self/mountinfo") else { return nil }
        let hierarchies = cpuHierarchies(fromMountInfo: mounts)
        var fewest: Int?
        for (hierarchy, path) in [(hierarchies.unified, cgroupPath(fromProcSelfCgroup: cgroups, unified: true)),
                                  (hierarchies.cpu, cgroupPath(fromProcSelfCgroup: cgroups, unified: false))] {
            guard let hierarchy, let path, let directory = hierarchy.directory(of: path) else { continue }
            if let cores = quotaCores(in: directory, upTo: hierarchy.mountPoint, unified: hierarchy.unified, read: read) {
                fewest = min(fewest ?? cores, cores)
            }
        }
        return fewest
    }

    /// The mounted cgroup v2 hierarchy and the cgroup v1 hierarchy holding the
    /// `cpu` controller, from `/proc/self/mountinfo` (the first mount of each).
    package static func cpuHierarchies(fromMountInfo text: String) -> (unified: Hierarchy?, cpu: Hierarchy?) {
        var unified: Hierarchy?
        var cpu: Hierarchy?
        for line in text.split(separator: "\n") {
            // ID PARENT MAJOR:MINOR ROOT MOUNT_POINT OPTIONS [OPTIONAL...] - TYPE SOURCE SUPER_OPTIONS
            let fields = line.split(separator: " ")
            guard fields.count >= 7, let dash = fields.firstIndex(of: "-"), dash >= 6, dash + 3 < fields.count else { continue }
            let root = String(fields[3]), mountPoint = String(fields[4])
            switch fields[dash + 1] {
            case "cgroup2" where unified == nil:
                unified = Hierarchy(root: root, mountPoint: mountPoint, unified: true)
            case "cgroup" where cpu == nil && fields[dash + 3].split(separator: ",").contains("cpu"):
                cpu = Hierarchy(root: root, mountPoint: mountPoint, unified: false)
            default:
                break
            }
        }
        return (unified, cpu)
    }

    /// The process's cgroup in cgroup v2's hierarchy (the `0::` line of
    /// `/proc/self/cgroup`), or in the v1 hierarchy of the `cpu` controller.
    package static func cgroupPath(fromProcSelfCgroup text: String, unified: Bool) -> String? {
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, parts[2].hasPrefix("/") else { continue }
            let matches = unified
                ? parts[0] == "0" && parts[1].isEmpty
                : parts[1].split(separator: ",").contains("cpu")
            if matches { return String(parts[2]) }
        }
        return nil
    }

    /// The fewest cores the quota of `directory` or of any parent up to
    /// `mountPoint` allows (a parent's quota binds its children); nil when none
    /// sets one.
    package static func quotaCores(
        in directory: String, upTo mountPoint: String, unified: Bool, read: (String) -> String?
    ) -> Int? {
        var directory = directory
        var fewest: Int?
        while true {
            let cores = unified
                ? read(directory + "/cpu.max").flatMap(cores(fromCPUMax:))
                : cores(fromQuota: read(directory + "/cpu.cfs_quota_us"), period: read(directory + "/cpu.cfs_period_us"))
            if let cores { fewest = min(fewest ?? cores, cores) }
            guard directory != mountPoint, directory.hasPrefix(mountPoint),
                  let slash = directory.lastIndex(of: "/") else { break }
            let parent = String(directory[..<slash])
            directory = parent.count < mountPoint.count ? mountPoint : parent
        }
        return fewest
    }

    /// The cores a cgroup v2 `cpu.max` allows ("QUOTA PERIOD", in microseconds,
    /// rounded up to whole cores): nil for "max" (no quota) or text it cannot read.
    package static func cores(fromCPUMax text: String) -> Int? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard parts.count == 2 else { return nil }
        return cores(quota: Int(parts[0]), period: Int(parts[1]))
    }

    /// The cores cgroup v1's `cpu.cfs_quota_us` and `cpu.cfs_period_us` allow:
    /// nil for a quota of -1 (none) or text it cannot read.
    package static func cores(fromQuota quota: String?, period: String?) -> Int? {
        guard let quota, let period else { return nil }
        let trim: (String) -> Int? = { Int($0.split(separator: "\n").first ?? "") }
        return cores(quota: trim(quota), period: trim(period))
    }

    private static func cores(quota: Int?, period: Int?) -> Int? {
        guard let quota, let period, quota > 0, period > 0 else { return nil }
        return max((quota + period - 1) / period, 1)
    }

    /// A small file's text (its first 64 KiB), nil when it cannot be read.
    package static func readText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 64 * 1024)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }
}
