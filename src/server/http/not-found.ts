/**
 * The 404 page, from an on-demand page: a record that does not exist, or is someone else's,
 * answers exactly like a URL that does not exist (status 404, the site's 404 page), so ids
 * cannot be probed.
 */
export const notFound = () => new Response(null, { status: 404, headers: { 'Cache-Control': 'no-store' } });
