export interface KeycardRevalidationDependencies {
  /** Revalidates every stored keycard on `day` (yyyy-MM-dd, default today in the resorts' zone):
   * passes whose validity ended become EXPIRED. Idempotent: a second run on the same day expires nothing. */
  revalidateKeycards: (day?: string) => Promise<number>;
}

/** The keycard context injects its service; the activity only delegates. */
export function createKeycardRevalidationActivities(dependencies: KeycardRevalidationDependencies) {
  return {
    revalidateKeycards: (day?: string): Promise<number> => dependencies.revalidateKeycards(day),
  };
}
