import { Link } from "react-router";
import type { Following } from "../../../contracts/collectors.contract";
import { collectorTexts as m } from "../../components/collectors/collectors.messages";
import { FollowButton } from "../../components/collectors/follow-button";
import { Avatar } from "../../components/ui/avatar";

const FOLLOWING = { following: true, followers: 0 };

/**
 * Issue 16: the own Following tab, the artists one follows, newest first: photo or
 * initials, the name linking to the artist page, and the Following button (pressed;
 * pressing it unfollows, and pressing it again follows back).
 */
export function FollowingList({ artists }: { artists: Following["following"] }) {
  if (artists.length === 0) return <p className="status-text">{m.noFollowing}</p>;
  return (
    <ul className="following-list">
      {artists.map((artist) => (
        <li key={artist.artistId} className="following-item">
          <Avatar name={artist.displayName} photo={artist.photoUrl} size={48} />
          <Link to={`/artist/${artist.artistId}`} className="following-name">
            {artist.displayName}
          </Link>
          <FollowButton
            artistId={artist.artistId}
            artistName={artist.displayName}
            initial={FOLLOWING}
          />
        </li>
      ))}
    </ul>
  );
}
