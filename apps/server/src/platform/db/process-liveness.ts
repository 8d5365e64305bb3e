/**
 * Whether a process with this id runs on this machine. Signal 0 checks without signalling;
 * EPERM means it exists but belongs to another user.
 */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
