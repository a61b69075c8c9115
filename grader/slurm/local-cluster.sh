#!/bin/sh
# local-cluster.sh -- a throwaway one-node Slurm cluster on this machine,
# to try grade-array.sbatch and tournament-array.sbatch before a real
# cluster (and for tests/slurm.test.sh).
#
# Usage: sh grader/slurm/local-cluster.sh start|stop|status
#
#   start   starts munged (as the munge user), slurmctld and slurmd, all
#           with their key, sockets, configuration, state and logs in one
#           private folder, waits until `sinfo` shows the node idle, and
#           prints one line for the caller's shell on stdout:
#               export SLURM_CONF=FOLDER/slurm.conf
#           (so: eval "$(sh grader/slurm/local-cluster.sh start)"), after
#           which sbatch, squeue, scontrol and scancel talk to this
#           cluster.  Exit 0, or 1 with the reason on stderr (everything
#           it started is stopped again).
#   stop    cancels every job, stops the three daemons and removes the
#           folder.  Exit 0 also when nothing was running.
#   status  says whether it runs; sinfo and squeue when it does.
#
# Environment:
#   LOCAL_SLURM_DIR    the private folder (default /tmp/kit-local-slurm);
#                      created by start, 0755, owned by root.
#   LOCAL_SLURM_PORT   slurmctld's port, slurmd's being the next one
#                      (default: the first free pair from 16817 on).
#   LOCAL_SLURM_CPUS   CPUs the node offers (default: this machine's);
#                      more than it has oversubscribes it on purpose.
#
# The cluster: ClusterName kitlocal, one node "kitnode" at 127.0.0.1
# that is also the controller, partition "local" (default), auth/munge
# and cred/munge on the private munge socket, proctrack/linuxproc,
# task/none, no accounting (so `scontrol show job` is where a job's end
# is read, for MinJobAge = 1 hour after it ends), select/cons_tres by
# core.  Nothing under /etc is read or written: the daemons get the
# configuration with -f, the clients with SLURM_CONF.
#
# It refuses (exit 1, a message saying why) when not root (slurmd must
# start jobs as their submitter), when Slurm or munge is not installed
# (sh grader/install-deps.sh installs them), when a slurmctld or slurmd
# not of this folder already runs here (this one would fight it for the
# node's processes), or when LOCAL_SLURM_PORT or the next port is taken.
set -eu

dir=${LOCAL_SLURM_DIR:-/tmp/kit-local-slurm}
conf=$dir/slurm.conf
node=kitnode
sbin=/usr/sbin

say() { echo "local-cluster: $*" >&2; }
die() { say "$*"; exit 1; }

# pid_alive FILE: whether the process FILE names runs.
pid_alive() {
    [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

running() {
    pid_alive "$dir/slurmctld.pid" || pid_alive "$dir/slurmd.pid" || pid_alive "$dir/munge/private/munged.pid"
}

port_taken() {
    ss -Hltn "sport = :$1" 2>/dev/null | grep -q .
}

# Chooses $ctld_port and $slurmd_port.
choose_ports() {
    if [ -n "${LOCAL_SLURM_PORT:-}" ]; then
        ctld_port=$LOCAL_SLURM_PORT
        slurmd_port=$((ctld_port + 1))
        for p in "$ctld_port" "$slurmd_port"; do
            port_taken "$p" && die "port $p (LOCAL_SLURM_PORT=$LOCAL_SLURM_PORT) is taken; choose another"
        done
        return 0
    fi
    ctld_port=16817
    while [ "$ctld_port" -lt 16917 ]; do
        slurmd_port=$((ctld_port + 1))
        if ! port_taken "$ctld_port" && ! port_taken "$slurmd_port"; then
            return 0
        fi
        ctld_port=$((ctld_port + 2))
    done
    die "no two free ports from 16817 to 16917; set LOCAL_SLURM_PORT"
}

refuse_unless_able() {
    [ "$(id -u)" -eq 0 ] || die "must run as root (slurmd starts each job as its submitter)"
    for prog in slurmctld slurmd munged; do
        [ -x "$sbin/$prog" ] || die "$sbin/$prog is missing: sh grader/install-deps.sh installs Slurm and munge"
    done
    for prog in sbatch sinfo scontrol squeue scancel; do
        command -v "$prog" >/dev/null 2>&1 || die "$prog is missing: sh grader/install-deps.sh installs it"
    done
    getent passwd munge >/dev/null || die "no user 'munge' (reinstall the munge package)"
    command -v ss >/dev/null 2>&1 || die "ss (iproute2) is missing: it tells which ports are free"
    if running; then
        die "a cluster of $dir runs already (stop it first: sh $0 stop)"
    fi
    for prog in slurmctld slurmd; do
        if pgrep -x "$prog" >/dev/null 2>&1; then
            die "a $prog runs on this machine already (pid $(pgrep -x "$prog" | tr '\n' ' ')); this cluster would disturb it"
        fi
    done
}

write_conf() {
    cpus=${LOCAL_SLURM_CPUS:-$(nproc)}
    mem=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
    cat >"$conf" <<EOF
# Written by grader/slurm/local-cluster.sh: a one-node cluster, removed by its stop.
ClusterName=kitlocal
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
MinJobAge=3600
KillWait=10
PlugStackConfig=$dir/plugstack.conf
StateSaveLocation=$dir/ctld
SlurmdSpoolDir=$dir/slurmd
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
NodeName=$node NodeAddr=127.0.0.1 NodeHostname=$(hostname) CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
    : >"$dir/plugstack.conf"
}

# munged as the munge user: its socket's folder searchable by all (as
# munged requires), its key, seed and log in a folder of its own, 0700
# (munged refuses a key anyone else could read).
start_munge() {
    mkdir -p "$dir/munge/private"
    chown -R munge: "$dir/munge"
    chmod 0755 "$dir/munge"
    chmod 0700 "$dir/munge/private"
    runuser -u munge -- sh -c "umask 077; head -c 1024 /dev/urandom >'$dir/munge/private/munge.key'"
    runuser -u munge -- "$sbin/munged" --key-file="$dir/munge/private/munge.key" \
        --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/private/munged.pid" \
        --log-file="$dir/munge/private/munged.log" --seed-file="$dir/munge/private/munged.seed" ||
        return 1
}

# wait_idle SECONDS: until sinfo shows the node idle, counting wall time
# (sinfo itself waits for an absent controller).
wait_idle() {
    until=$(($(date +%s) + $1))
    state=
    while [ "$(date +%s)" -lt "$until" ]; do
        state=$(timeout 5 sinfo -h -n "$node" -o %T 2>/dev/null || true)
        [ "$state" = idle ] && return 0
        # A controller that wrote its pid and died will not come.
        [ -s "$dir/slurmctld.pid" ] && ! pid_alive "$dir/slurmctld.pid" && break
        sleep 1
    done
    say "the node is not idle (sinfo says '${state:-nothing}'); the logs:"
    tail -n 5 "$dir/slurmctld.log" "$dir/slurmd.log" "$dir/munge/private/munged.log" >&2 2>/dev/null || true
    return 1
}

start() {
    refuse_unless_able
    choose_ports
    rm -rf "$dir"
    mkdir -p "$dir/ctld" "$dir/slurmd"
    chmod 0755 "$dir"
    write_conf
    export SLURM_CONF="$conf"
    if ! start_munge; then
        say "munged did not start: $(tail -n 3 "$dir/munge/private/munged.log" 2>/dev/null)"
        stop_daemons
        exit 1
    fi
    # -c: a fresh controller, whatever an earlier state folder held.
    if ! "$sbin/slurmctld" -c -f "$conf" || ! "$sbin/slurmd" -f "$conf" -N "$node" ||
        ! wait_idle 60; then
        say "Slurm did not start (logs above and in $dir)"
        stop_daemons
        exit 1
    fi
    say "node $node idle, controller on 127.0.0.1:$ctld_port; state in $dir"
    echo "export SLURM_CONF=$conf"
}

# stop_pid FILE: TERM, then KILL after 10 s.
stop_pid() {
    pid_alive "$1" || return 0
    pid=$(cat "$1")
    kill "$pid" 2>/dev/null || true
    waited=0
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 20 ]; do
        sleep 0.5
        waited=$((waited + 1))
    done
    kill -KILL "$pid" 2>/dev/null || true
}

stop_daemons() {
    stop_pid "$dir/slurmd.pid"
    stop_pid "$dir/slurmctld.pid"
    stop_pid "$dir/munge/private/munged.pid"
}

stop() {
    [ -d "$dir" ] || return 0
    if [ -f "$conf" ] && pid_alive "$dir/slurmctld.pid"; then
        export SLURM_CONF="$conf"
        # Jobs first: a stopped slurmd would leave its job steps running.
        scancel --quiet --full --partition=local 2>/dev/null || true
        waited=0
        while [ -n "$(squeue -h -o %i 2>/dev/null)" ] && [ "$waited" -lt 30 ]; do
            sleep 1
            waited=$((waited + 1))
        done
    fi
    stop_daemons
    rm -rf "$dir"
    say "stopped; $dir removed"
}

status() {
    if ! running; then
        echo "local-cluster: not running ($dir)"
        return 1
    fi
    export SLURM_CONF="$conf"
    echo "local-cluster: running; export SLURM_CONF=$conf"
    sinfo
    squeue
}

case ${1:-} in
    start) start ;;
    stop) stop ;;
    status) status ;;
    *) echo "usage: sh grader/slurm/local-cluster.sh start|stop|status" >&2; exit 2 ;;
esac
