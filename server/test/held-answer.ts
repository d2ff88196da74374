/**
 * The answer to the next request of a fake GitHub or Slack matching `pattern` ('METHOD /path'),
 * held back until `release`: what the request asks is done meanwhile, as when the answer is
 * slow to come back. `arrived` resolves when the request has come.
 */
export class HeldAnswer {
  readonly arrived: Promise<void>;
  readonly released: Promise<void>;
  release: () => void = () => {};
  private arrive: () => void = () => {};

  constructor(readonly pattern: RegExp) {
    this.arrived = new Promise((resolve) => {
      this.arrive = resolve;
    });
    this.released = new Promise((resolve) => {
      this.release = resolve;
    });
  }

  /** Whether `request` is the one held; it then counts as arrived. */
  takes(request: string): boolean {
    if (!this.pattern.test(request)) return false;
    this.arrive();
    return true;
  }
}
