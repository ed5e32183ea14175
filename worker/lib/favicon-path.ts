// Where Feedloom serves a feed's site icon from its own origin (routes/favicons.ts): the web app, the
// Google Reader iconUrl and the Fever favicons all use it, so no reader app tells a third-party favicon
// service which sites the person follows (issue 32).
export const faviconPath = (feedId: number) => `/api/favicons/${feedId}`;
