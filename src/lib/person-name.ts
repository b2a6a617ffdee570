// Any script ('Ngũgĩ wa Thiong’o', 'محمد'), but no markup or links: names are shown in e-mails sent
// from the app's own address, where a link would pass for the app's.
export const NAME_MAX_LENGTH = 100;
export const NAME_PATTERN = /^(?=.*[\p{L}\p{N}])(?!.*(?:[a-z][a-z\d+.-]*:\/\/|www\.|[\p{L}\p{N}]\.\p{L}{2,}\/))[^\p{Cc}\p{Cf}<>]*$/iu;

export const isValidName = (value: string) => value.length <= NAME_MAX_LENGTH && NAME_PATTERN.test(value);
