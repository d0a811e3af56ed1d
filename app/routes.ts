import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("signin", "routes/signin.tsx"),
  route("signup", "routes/signup.tsx"),
  route("signout", "routes/signout.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("profile", "routes/profile.tsx"),
  route("profile/purchases", "routes/profile-purchases.tsx"),
  route("profile/:userId", "routes/profile-user.tsx"),
  route("artist/:artistId", "routes/artist.tsx"),
  route("artwork/:artworkId", "routes/artwork.tsx"),
  route("exhibition", "routes/exhibitions.tsx"),
  route("exhibition/:exhibitionId", "routes/exhibition.tsx"),
  route("upload", "routes/upload.tsx"),
  route("listing-preview", "routes/listing-preview.tsx"),
  route("purchase-success", "routes/purchase-success.tsx"),
  // The team's console (decision 0027): admins only, every area checks again itself.
  route("admin", "routes/admin.tsx", [
    index("routes/admin-index.tsx"),
    route("applications", "routes/admin-applications.tsx"),
    route("people", "routes/admin-people.tsx"),
    route("artworks", "routes/admin-artworks.tsx"),
    route("exhibitions", "routes/admin-exhibitions.tsx"),
    route("exhibitions/:exhibitionId", "routes/admin-exhibition.tsx"),
    route("banners", "routes/admin-banners.tsx"),
    route("catalog", "routes/admin-catalog.tsx"),
    route("audit", "routes/admin-audit.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
