/**
 * What a person's name may be, for every place that takes one (onboarding, the account, the
 * manager's user form, and Better Auth's update-user): any script, digits and punctuation
 * ('Acc Demo 42', 'Ngũgĩ wa Thiong’o', 'محمد', 'O’Brien-Smith Jr.'), with at least one letter or
 * digit. Refused: control and invisible format characters, and markup (`<`, `>`).
 */
export const NAME_MAX_LENGTH = 100;
export const NAME_PATTERN = /^(?=.*[\p{L}\p{N}])[^\p{Cc}\p{Cf}<>]*$/u;

export const isValidName = (value: string) => value.length <= NAME_MAX_LENGTH && NAME_PATTERN.test(value);
