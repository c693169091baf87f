// Preloaded into firebase-tools (`node --import`): when the launcher that started it disappears,
// even killed outright, firebase-tools gets the SIGINT it would have sent, so it exports its
// data on exit and frees its ports instead of running on as an orphan.
// Plain JavaScript: it runs inside firebase-tools' own process, without tsx.
const pid = Number(process.env.CHAT_STACK_PARENT_PID);

function isAlive(target) {
  try {
    process.kill(target, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

if (Number.isInteger(pid) && pid > 0) {
  const directChild = process.ppid === pid;
  const timer = setInterval(() => {
    if (isAlive(pid) && (!directChild || process.ppid === pid)) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGINT');
    // A clean export takes a second or two; never outlive the parent by much more.
    setTimeout(() => process.exit(1), 20_000).unref();
  }, 500);
  timer.unref();
}
