import { OTPInput, type SlotProps } from 'input-otp';
import type { ComponentProps } from 'react';
import { cn } from '#/lib/utils';

function Slot({ char, isActive, hasFakeCaret }: SlotProps) {
  return (
    <div
      className={cn(
        'relative flex size-10 items-center justify-center rounded-md border border-input font-mono text-xl sm:size-11',
        isActive && 'ring-2 ring-ring',
      )}
    >
      {char}
      {hasFakeCaret && <div className="absolute h-5 w-px animate-pulse bg-current" aria-hidden />}
    </div>
  );
}

export function InputOtp({ className, ...props }: Omit<ComponentProps<typeof OTPInput>, 'render' | 'children'>) {
  // A code reads left to right in every language, also in Arabic; the boxes sit where the field's text starts
  // (its own width: the form aligns them, centred on the sign-in pages).
  return (
    <div dir="ltr" className="w-fit max-w-full">
      <OTPInput
        containerClassName={cn('flex items-center gap-2 has-[:disabled]:opacity-50', className)}
        render={({ slots }) => (
          <>
            {slots.map((slot, index) => (
              <Slot key={index} {...slot} />
            ))}
          </>
        )}
        {...props}
      />
    </div>
  );
}
