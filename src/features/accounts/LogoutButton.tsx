import { useState, type SubmitEvent } from 'react';
import { signOutInBrowser } from './sign-out.ts';

/**
 * 'Log out' on server-rendered pages. Without JavaScript it is a plain form post (a failure
 * brings the account page back with a notice); hydrated, it signs out through the API and says
 * so in a toast when that fails, leaving the person signed in and on the page.
 */
export default function LogoutButton() {
  const [pending, setPending] = useState(false);
  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    if (await signOutInBrowser()) window.location.assign('/auth');
    else setPending(false);
  }
  return (
    <form method="post" action="/api/logout" onSubmit={onSubmit}>
      <button type="submit" className="btn-secondary" disabled={pending}>
        Log out
      </button>
    </form>
  );
}
