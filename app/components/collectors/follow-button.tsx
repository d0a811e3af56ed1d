import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useSessionUser } from "../../lib/session-user";
import { collectorFailure, failureText, putFollowing } from "./collectors-api";
import { collectorTexts as m } from "./collectors.messages";
import { useHerePath } from "./save-button";

export type FollowState = { following: boolean; followers: number };

/**
 * Follow / Following for an artist, on the artist and artwork pages, with the
 * follower count when `showCount`. Like the heart: a visitor signs in and comes back
 * following; signed in it is a form that works without JavaScript, and with JavaScript it
 * changes at once (the count too) and goes back with an alert if the server refuses.
 * The artist sees only their count, never a button for themselves.
 */
export function FollowButton({
  artistId,
  artistName,
  initial,
  showCount = false,
}: {
  artistId: string;
  artistName: string;
  initial: FollowState;
  showCount?: boolean;
}) {
  const user = useSessionUser();
  const here = useHerePath();
  const [state, setState] = useState(initial);
  // New loader data (after a form without JavaScript, or another artist) is the server's word.
  const [source, setSource] = useState(initial);
  if (source !== initial) {
    setSource(initial);
    setState(initial);
  }
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const count = showCount ? <p className="follower-count">{m.followers(state.followers)}</p> : null;
  if (user?.id === artistId) return count;

  async function toggle(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const before = state;
    const following = !before.following;
    setError(null);
    setState({
      following,
      followers: Math.max(0, before.followers + (following ? 1 : -1)),
    });
    setBusy(true);
    try {
      const answer = await putFollowing(artistId, following);
      setState(answer);
    } catch (failure) {
      setState(before);
      setError(collectorFailure(failure, failureText.follow(following)));
    } finally {
      setBusy(false);
    }
  }

  const control = !user ? (
    <Link
      to={`/signin?${new URLSearchParams({ next: here, follow: artistId }).toString()}`}
      className="button follow-button"
      title={m.signInToFollow(artistName)}
    >
      {m.follow}
      <span className="visually-hidden"> {artistName}</span>
    </Link>
  ) : (
    <form method="post" action="/collect" onSubmit={(event) => void toggle(event)}>
      <input type="hidden" name="intent" value={state.following ? "unfollow" : "follow"} />
      <input type="hidden" name="id" value={artistId} />
      <input type="hidden" name="next" value={here} />
      {/* Its words say the state ("Following"), so no aria-pressed: a toggle's name must not change. */}
      <button
        type="submit"
        className={state.following ? "button follow-button is-following" : "button follow-button"}
      >
        {state.following ? m.following : m.follow}
        <span className="visually-hidden"> {artistName}</span>
      </button>
    </form>
  );

  return (
    <div className="follow">
      {control}
      {count}
      {error ? (
        <p className="follow-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
