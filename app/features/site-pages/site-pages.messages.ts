/** What a site page says when it cannot be shown. */
export const sitePageLoadFailed = "This page could not be loaded. Please try again later.";
