// The last book a person opened, for the home page's Continue card (decision 096): a first-party
// cookie the book page's loader writes and the home page's loader reads, each on both sides (the
// server render's answer sets it, so it holds before the page hydrates, and without JavaScript). It holds the user's id beside the book's: another account on the same browser reads
// nothing.
import { createIsomorphicFn } from '@tanstack/react-start';
import { getRequest, setCookie } from '@tanstack/react-start/server';
import { cookieValue } from '#/lib/i18n/detect-language';
import { setPreferenceCookie } from '#/lib/preference-cookie';

const LAST_BOOK_COOKIE = 'last-book';
const LAST_BOOK_DAYS = 365;
// A cookie is the client's to write: only an id's characters, of an id's length.
const ID = /^[\w-]{1,64}$/;

const cookies = createIsomorphicFn()
  .server(() => getRequest().headers.get('cookie'))
  .client(() => document.cookie);

/** The id of the last book this user opened in this browser, or undefined. */
export function lastOpenedBookId(userId: string): string | undefined {
  const value = cookieValue(cookies(), LAST_BOOK_COOKIE) ?? '';
  const at = value.lastIndexOf(':');
  const bookId = value.slice(at + 1);
  return at > 0 && value.slice(0, at) === userId && ID.test(bookId) ? bookId : undefined;
}

const writeCookie = createIsomorphicFn()
  .server((value: string) =>
    // As src/lib/preference-cookie.ts writes it in the browser.
    setCookie(LAST_BOOK_COOKIE, value, {
      path: '/',
      maxAge: LAST_BOOK_DAYS * 86_400,
      sameSite: 'lax',
      secure: new URL(getRequest().url).protocol === 'https:',
    }),
  )
  .client((value: string) => setPreferenceCookie(LAST_BOOK_COOKIE, value, LAST_BOOK_DAYS * 86_400));

/** This user has opened this book (the book page's loader, on the server render or in the browser). */
export function rememberOpenedBook(userId: string, bookId: string) {
  if (lastOpenedBookId(userId) !== bookId) writeCookie(`${userId}:${bookId}`);
}
