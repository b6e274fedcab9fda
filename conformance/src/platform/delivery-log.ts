import type { CapturedDelivery } from "../check.ts";

interface Waiter {
  readonly match: (delivery: CapturedDelivery) => boolean;
  readonly since: number;
  readonly resolve: (delivery: CapturedDelivery | undefined) => void;
}

/** Every delivery the stand-in received, and the checks waiting for one. */
export class DeliveryLog {
  #deliveries: CapturedDelivery[] = [];
  #waiters = new Set<Waiter>();

  /** Records a delivery and hands it to every waiter it satisfies. */
  add(delivery: CapturedDelivery): void {
    this.#deliveries.push(delivery);
    for (const waiter of this.#waiters) {
      if (delivery.receivedAt >= waiter.since && waiter.match(delivery)) {
        this.#waiters.delete(waiter);
        waiter.resolve(delivery);
      }
    }
  }

  all(): readonly CapturedDelivery[] {
    return [...this.#deliveries];
  }

  /** The first delivery at or after `since` that matches, waiting up to `timeoutMs` for one to arrive. */
  wait(
    match: (delivery: CapturedDelivery) => boolean,
    options: { timeoutMs: number; since: number },
  ): Promise<CapturedDelivery | undefined> {
    const found = this.#deliveries.find((delivery) => delivery.receivedAt >= options.since && match(delivery));
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        match,
        since: options.since,
        resolve: (delivery) => {
          clearTimeout(timer);
          resolve(delivery);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        resolve(undefined);
      }, options.timeoutMs);
      this.#waiters.add(waiter);
    });
  }

  clear(): void {
    this.#deliveries = [];
  }

  /** Releases every waiter with undefined (the run is over). */
  close(): void {
    for (const waiter of this.#waiters) waiter.resolve(undefined);
    this.#waiters.clear();
  }
}
