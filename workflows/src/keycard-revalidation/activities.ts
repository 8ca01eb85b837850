import { ApplicationFailure } from '@temporalio/activity';

export interface KeycardRevalidationDependencies {
  /** Revalidates every stored keycard on `day` (yyyy-MM-dd, default today in the resorts' zone):
   * passes whose validity ended become EXPIRED. Idempotent: a second run on the same day expires nothing. */
  revalidateKeycards: (day?: string) => Promise<number>;
}

/** The keycard context injects its service; the activity only delegates. */
export function createKeycardRevalidationActivities(dependencies: Partial<KeycardRevalidationDependencies>) {
  return {
    async revalidateKeycards(day?: string): Promise<number> {
      if (!dependencies.revalidateKeycards) throw ApplicationFailure.nonRetryable('The worker was started without revalidateKeycards', 'MissingDependency');
      return dependencies.revalidateKeycards(day);
    },
  };
}
