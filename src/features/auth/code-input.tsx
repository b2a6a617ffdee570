// A sign-in code or an authenticator code: six boxes that take a paste, a phone's code autofill or a password
// manager as fast as it types. `posted`: the field's name in a form that also posts without JavaScript, where
// the boxes cannot show what is typed and a plain field takes their place.
import type { Ref } from 'react';
import { Input } from '#/components/ui/input';
import { InputOtp } from '#/components/ui/input-otp';
import { cn } from '#/lib/utils';
import { OTP_LENGTH } from './auth.schema';

interface CodeInputProps {
  ids: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };
  value: string;
  onChange: (value: string) => void;
  onComplete: () => void;
  onBlur?: () => void;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  posted?: string;
}

export function CodeInput({ ids, value, onChange, onComplete, onBlur, disabled, inputRef, posted }: CodeInputProps) {
  return (
    <>
      {posted && (
        <noscript>
          <style>{'.code-boxes{display:none}'}</style>
          <Input {...ids} name={posted} inputMode="numeric" autoComplete="one-time-code" maxLength={OTP_LENGTH} dir="ltr" />
        </noscript>
      )}
      <InputOtp
        {...ids}
        ref={inputRef}
        maxLength={OTP_LENGTH}
        autoFocus
        inputMode="numeric"
        autoComplete="one-time-code"
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        onComplete={onComplete}
        disabled={disabled}
        // Centred under the page's centred title, as shadcn's code blocks are.
        className={cn('justify-center', posted && 'code-boxes')}
      />
    </>
  );
}
