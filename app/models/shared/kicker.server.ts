import { log } from "#app/utils/log.server";

// Work started soon after the current request, off its path (the outbox's
// sender, the owner statements' PDFs): one run at a time per process, and a
// kick during a run asks for one more after it, since what the kick was for
// may have been written after the running one read its rows (it runs with
// the latest kick's argument). A failure is
// logged as `event`; the hourly job does what a failed run left.
export function kicker<A>(event: string, work: (arg: A) => Promise<unknown>) {
  let running = false;
  let again = false;
  let latest: A;
  return (arg: A) => {
    latest = arg;
    if (running) {
      again = true;
      return;
    }
    running = true;
    setImmediate(async () => {
      try {
        do {
          again = false;
          await work(latest);
        } while (again);
      } catch (error) {
        log.error(event, { error });
      } finally {
        running = false;
      }
    });
  };
}
