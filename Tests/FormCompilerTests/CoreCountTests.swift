import CFormcSystem
import FormSource
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `CoreCount`: the cores formc shares work out to, from the CPUs it may run on
/// and its cgroup's CPU quota, read from files as Linux publishes them.
struct CoreCountTests {
    /// A quota in whole cores, rounded up; "max" or -1 is no quota.
    @Test func aQuotaCountsItsCoresRoundedUp() {
        #expect(CoreCount.cores(fromCPUMax: "max 100000\n") == nil)
        #expect(CoreCount.cores(fromCPUMax: "100000 100000\n") == 1)
        #expect(CoreCount.cores(fromCPUMax: "150000 100000\n") == 2)
        #expect(CoreCount.cores(fromCPUMax: "200000 100000") == 2)
        #expect(CoreCount.cores(fromCPUMax: "50000 100000\n") == 1)
        #expect(CoreCount.cores(fromCPUMax: "400000 50000\n") == 8)
        for unreadable in ["", "\n", "100000", "0 100000", "100000 0", "-1 100000", "a b", "1 2 3"] {
            #expect(CoreCount.cores(fromCPUMax: unreadable) == nil, "\(unreadable)")
        }
        #expect(CoreCount.cores(fromQuota: "-1\n", period: "100000\n") == nil)
        #expect(CoreCount.cores(fromQuota: "250000\n", period: "100000\n") == 3)
        #expect(CoreCount.cores(fromQuota: "250000\n", period: nil) == nil)
    }

    /// The process's cgroup: the `0::` line for v2, the line naming the `cpu`
    /// controller for v1.
    @Test func theCgroupIsItsHierarchysLine() {
        let hybrid = "12:cpu,cpuacct:/docker/abc\n11:memory:/docker/abc\n0::/system.slice/x.scope\n"
        #expect(CoreCount.cgroupPath(fromProcSelfCgroup: hybrid, unified: true) == "/system.slice/x.scope")
        #expect(CoreCount.cgroupPath(fromProcSelfCgroup: hybrid, unified: false) == "/docker/abc")
        #expect(CoreCount.cgroupPath(fromProcSelfCgroup: "0::/\n", unified: true) == "/")
        #expect(CoreCount.cgroupPath(fromProcSelfCgroup: "0::/\n", unified: false) == nil)
        #expect(CoreCount.cgroupPath(fromProcSelfCgroup: "3:cpuacct:/a\n2:cpuset:/b\n", unified: false) == nil)
        #expect(CoreCount.cgroupPath(fromProcSelfCgroup: "1:cpu:/c\n", unified: false) == "/c")
        #expect(CoreCount.cgroupPath(fromProcSelfCgroup: "", unified: true) == nil)
    }

    /// The hierarchies' mounts, and a cgroup's directory in them, also where a
    /// container sees only its own part of the hierarchy (a root other than "/").
    @Test func theHierarchiesAreWhereTheyAreMounted() {
        let mounts = """
            25 1 0:22 / /sys rw - sysfs sysfs rw
            31 25 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
            32 31 0:29 /docker/abc /sys/fs/cgroup/cpu,cpuacct rw,relatime master:9 - cgroup cgroup rw,cpu,cpuacct
            33 31 0:30 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset
            41 31 0:38 / /sys/fs/cgroup/unified rw,relatime shared:5 - cgroup2 cgroup2 rw,nsdelegate
            """
        let hierarchies = CoreCount.cpuHierarchies(fromMountInfo: mounts)
        #expect(hierarchies.unified == CoreCount.Hierarchy(root: "/", mountPoint: "/sys/fs/cgroup/unified", unified: true))
        #expect(hierarchies.cpu == CoreCount.Hierarchy(root: "/docker/abc", mountPoint: "/sys/fs/cgroup/cpu,cpuacct", unified: false))
        #expect(CoreCount.cpuHierarchies(fromMountInfo: "31 25 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n") == (nil, nil))

        let cpu = hierarchies.cpu!
        #expect(cpu.directory(of: "/docker/abc") == "/sys/fs/cgroup/cpu,cpuacct")
        #expect(cpu.directory(of: "/docker/abc/inner") == "/sys/fs/cgroup/cpu,cpuacct/inner")
        #expect(cpu.directory(of: "/docker/abcd") == nil)
        #expect(cpu.directory(of: "/other") == nil)
        let unified = hierarchies.unified!
        #expect(unified.directory(of: "/") == "/sys/fs/cgroup/unified")
        #expect(unified.directory(of: "/a/b") == "/sys/fs/cgroup/unified/a/b")
    }

    /// Every cgroup from the process's up to the hierarchy's mount is read; the
    /// fewest cores any allows wins, in v2 and v1 alike.
    @Test func theTightestQuotaUpTheHierarchyWins() {
        let v2 = [
            "/proc/self/cgroup": "0::/kubepods/pod1/box\n",
            "/proc/self/mountinfo": "29 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n",
            "/sys/fs/cgroup/kubepods/cpu.max": "400000 100000\n",
            "/sys/fs/cgroup/kubepods/pod1/cpu.max": "max 100000\n",
            "/sys/fs/cgroup/kubepods/pod1/box/cpu.max": "250000 100000\n",
        ]
        var read: [String] = []
        #expect(CoreCount.quotaCores { path in read.append(path); return v2[path] } == 3)
        #expect(read == [
            "/proc/self/cgroup", "/proc/self/mountinfo",
            "/sys/fs/cgroup/kubepods/pod1/box/cpu.max", "/sys/fs/cgroup/kubepods/pod1/cpu.max",
            "/sys/fs/cgroup/kubepods/cpu.max", "/sys/fs/cgroup/cpu.max",
        ])
        var parentTighter = v2
        parentTighter["/sys/fs/cgroup/kubepods/cpu.max"] = "100000 100000\n"
        #expect(CoreCount.quotaCores { parentTighter[$0] } == 1)
        let noQuota = v2.filter { !$0.key.hasSuffix("cpu.max") }
        #expect(CoreCount.quotaCores { noQuota[$0] } == nil)

        // A container's own cgroup at the mount's root (cgroup namespace).
        let container = [
            "/proc/self/cgroup": "0::/\n",
            "/proc/self/mountinfo": "29 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n",
            "/sys/fs/cgroup/cpu.max": "150000 100000\n",
        ]
        #expect(CoreCount.quotaCores { container[$0] } == 2)

        // cgroup v1, the hierarchy's root the container's own cgroup.
        let v1 = [
            "/proc/self/cgroup": "4:memory:/docker/abc\n2:cpu,cpuacct:/docker/abc\n0::/\n",
            "/proc/self/mountinfo": "32 31 0:29 /docker/abc /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n",
            "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "50000\n",
            "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000\n",
        ]
        #expect(CoreCount.quotaCores { v1[$0] } == 1)
        #expect(CoreCount.quotaCores { _ in nil } == nil)
    }

    /// The process's own count is at least one and no more than the CPUs it may
    /// run on (on Linux its affinity mask, read by `formc_available_cpus`), and no
    /// more than its cgroup's quota allows.
    @Test func theProcessCountIsWithinTheCPUsItMayRunOn() {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        #expect(CoreCount.current >= 1)
        #expect(CoreCount.current <= max(online, 1))
        #if os(Linux)
        let available = Int(formc_available_cpus())
        #expect((1...max(online, 1)).contains(available))
        #expect(CoreCount.current <= available)
        if let quota = CoreCount.quotaCores(read: CoreCount.readText) {
            #expect(CoreCount.current <= quota)
        }
        #endif
    }
}
