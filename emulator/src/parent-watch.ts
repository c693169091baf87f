/**
 * `--exit-with-parent <pid>`: the emulator closes (flushing its data) when the process that
 * started it disappears, even if that process was killed outright and could not stop us.
 */
export function watchParent(pid: number, onLost: () => void, intervalMs = 500): () => void {
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`Invalid --exit-with-parent ${pid}`);
  // A dead parent's pid can be reused; being reparented away from it is the surer sign.
  const directChild = process.ppid === pid;
  const timer = setInterval(() => {
    if (isAlive(pid) && (!directChild || process.ppid === pid)) return;
    clearInterval(timer);
    onLost();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
