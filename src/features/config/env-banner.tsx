export function EnvBanner({ name, emoji, color }: { name: string; emoji: string; color: string }) {
  return (
    <div
      role="status"
      data-testid="env-banner"
      className="w-full py-0.5 text-center text-xs font-semibold tracking-wide text-black"
      style={{ backgroundColor: color }}
    >
      {emoji ? `${emoji} ` : ''}
      {name}
    </div>
  );
}
