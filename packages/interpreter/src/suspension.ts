import type { Operation } from '@tlir/ir';

/**
 * What a strand hands to whoever resumes it when it cannot go on alone: it waits at `op` (a barrier, a subgroup
 * shuffle, a collective load) with its contribution `payload`. The scheduler that spawned the strand decides when
 * the wait is over and what value the strand gets back (`Strand.resume(value)`). The engine gives `payload` no
 * meaning: the dialect whose op suspends and the dialect that schedules the strands agree on it.
 */
export class Suspension {
  constructor(
    readonly op: Operation,
    readonly payload?: unknown,
  ) {}
}
