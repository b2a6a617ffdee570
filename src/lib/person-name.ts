/**
 * What a person's name may be, for every place that takes one (onboarding, the account, the
 * manager's user form, and Better Auth's update-user), and an organisation's name too: any
 * script, digits and punctuation ('Acc Demo 42', 'Ngũgĩ wa Thiong’o', 'محمد', 'O’Brien-Smith Jr.',
 * 'Booking.com'), with at least one letter or digit. Refused: control and invisible format
 * characters, markup (`<`, `>`), and links (`https://…`, `www.…`, `host.tld/path`): names are
 * shown in e-mails sent from the app's own address, where a link would pass for the app's.
 */
export const NAME_MAX_LENGTH = 100;
export const NAME_PATTERN = /^(?=.*[\p{L}\p{N}])(?!.*(?:[a-z][a-z\d+.-]*:\/\/|www\.|[\p{L}\p{N}]\.\p{L}{2,}\/))[^\p{Cc}\p{Cf}<>]*$/iu;

export const isValidName = (value: string) => value.length <= NAME_MAX_LENGTH && NAME_PATTERN.test(value);
