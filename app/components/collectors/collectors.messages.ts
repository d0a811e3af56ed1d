/** What the hearts and Follow buttons say, in one place; tests assert them. */
export const collectorTexts = {
  save: "Save",
  saved: "Saved",
  saveLabel: (title: string) => `Save ${title}`,
  signInToSave: (title: string) => `Sign in to save ${title}`,
  follow: "Follow",
  following: "Following",
  signInToFollow: (name: string) => `Sign in to follow ${name}`,
  followers: (n: number) => (n === 1 ? "1 follower" : `${n} followers`),
  savedBy: (n: number) =>
    n === 0 ? "Not saved yet" : n === 1 ? "Saved by 1 person" : `Saved by ${n} people`,
  saveFailed: "We could not save this work. Please try again.",
  unsaveFailed: "We could not remove this work from your saved works. Please try again.",
  followFailed: "We could not follow this artist. Please try again.",
  unfollowFailed: "We could not unfollow this artist. Please try again.",
  noSaved: "No saved works yet. Tap the heart on any work to keep it here.",
  noFollowing: "You are not following any artists yet. Follow an artist from their page.",
} as const;
