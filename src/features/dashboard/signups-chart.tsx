/**
 * Sign-ups per day over 30 days, as a bar chart (Recharts in the shadcn chart pattern: the colours
 * are CSS variables, the tooltip is ours). Only the dashboard imports this module, lazily: Recharts
 * never reaches another page's first load.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import type { Dashboard } from './dashboard.schema';

export default function SignupsChart({
  data,
  language,
  label,
  rtl,
}: {
  data: Dashboard['signupsPerDay'];
  language: string;
  label: string;
  rtl: boolean;
}) {
  const day = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const short = (value: string) => day.format(new Date(`${value}T00:00:00Z`));
  const number = new Intl.NumberFormat(language);
  const TooltipBox = ({ active, payload }: TooltipContentProps<ValueType, NameType>) => {
    const point = payload?.[0];
    if (!active || !point) return null;
    return (
      <div className="rounded-md border border-neutral-200 bg-white px-3 py-2 text-xs shadow-md dark:border-neutral-800 dark:bg-neutral-900">
        <p className="font-medium">{short(String((point.payload as { day: string }).day))}</p>
        <p>
          {label}: <span className="font-semibold tabular-nums">{number.format(Number(point.value))}</span>
        </p>
      </div>
    );
  };
  return (
    <div className="h-56 w-full [--chart-bar:var(--color-brand)] [&_.recharts-cartesian-axis-tick_text]:fill-neutral-600 dark:[&_.recharts-cartesian-axis-tick_text]:fill-neutral-400">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }} accessibilityLayer>
          <CartesianGrid vertical={false} className="stroke-neutral-200 dark:stroke-neutral-800" />
          <XAxis dataKey="day" tickFormatter={short} tickLine={false} axisLine={false} minTickGap={24} reversed={rtl} fontSize={12} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={32} orientation={rtl ? 'right' : 'left'} fontSize={12} />
          <Tooltip cursor={{ className: 'fill-neutral-100 dark:fill-neutral-800' }} content={TooltipBox} />
          <Bar dataKey="count" name={label} fill="var(--chart-bar)" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
