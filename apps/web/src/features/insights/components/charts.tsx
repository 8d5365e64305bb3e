import { BarChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { useSyncExternalStore } from 'react';
import { VisuallyHidden } from '@mantine/core';
import type { TurnaroundDto } from '@rrp/domain';
import { days } from './format';

/**
 * The charts of /insights, in a chunk of their own (recharts is large): the screen loads them
 * after its figures. Each chart is a figure whose caption gives its numbers to screen readers;
 * the tables beside them show the same numbers to everyone.
 */

const PHONE = '(max-width: 36em)';
const onWidthChange = (change: () => void) => {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
};
/** Whether the window is phone-sized, following it as it changes. */
const usePhoneWidth = () => useSyncExternalStore(onWidthChange, () => window.matchMedia(PHONE).matches);

/** A label broken between words into the lines that `fits` (a word too long alone stays whole). */
export function wrapWords(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && fits(`${lines[last]} ${word}`)) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

const TICK_FONT_PX = 12;
let measuring: CanvasRenderingContext2D | null | undefined;

/** Whether a line of tick text fits `width` pixels, measured in the page's font where it can be. */
function fitsWithin(width: number) {
  if (measuring === undefined) {
    measuring = document.createElement('canvas').getContext('2d');
    if (measuring) measuring.font = `${TICK_FONT_PX}px ${getComputedStyle(document.body).fontFamily}`;
  }
  const context = measuring;
  // Without a canvas (a test's DOM), an average character's width.
  return (line: string) =>
    (context ? context.measureText(line).width : line.length * TICK_FONT_PX * 0.55) <= width;
}

/**
 * A status name beside its bars, on as many lines as it needs. Each line after the first starts
 * with the space between its words, so the label still reads "Revisions Requested" as text (to a
 * screen reader, a search or a copy), not "RevisionsRequested" as SVG's lines would join it.
 */
export function statusTick(width: number) {
  return function StatusTick(props: { x: number | string; y: number | string; payload: { value: unknown } }) {
    const [x, y] = [Number(props.x) - 10, Number(props.y)];
    const lines = wrapWords(String(props.payload.value), fitsWithin(width - 14));
    return (
      <text x={x} y={y} textAnchor="end" fontSize={TICK_FONT_PX} fill="currentColor">
        {lines.map((line, index) => (
          <tspan key={index} x={x} dy={index ? '1.2em' : `${0.355 - (lines.length - 1) * 0.6}em`}>
            {index ? ` ${line}` : line}
          </tspan>
        ))}
      </text>
    );
  };
}

/**
 * Room for the status names beside their bars: "Approved (Pending Team)" on one line, or on up to
 * three lines of a narrower axis on a phone, each bar row tall enough for them.
 */
function useStatusAxis(rows: number) {
  const phone = usePhoneWidth();
  const width = phone ? 96 : 150;
  return {
    axis: { width, tick: statusTick(width) },
    height: Math.max(160, rows * (phone ? 48 : 34) + 90),
  };
}

/** Median and 90th percentile of the time in each status, one pair of bars per status. */
export function StatusTimesChart({ statuses }: { statuses: TurnaroundDto['statuses'] }) {
  const { axis, height } = useStatusAxis(statuses.length);
  const data = statuses.map((row) => ({
    status: row.status_name,
    median: row.median_days ?? 0,
    p90: row.p90_days ?? 0,
  }));
  return (
    <figure style={{ margin: 0 }} data-testid="status-times-chart">
      <VisuallyHidden component="figcaption">
        Days in each status.{' '}
        {statuses
          .map(
            (row) =>
              `${row.status_name}: median ${days(row.median_days)}, 90th percentile ${days(row.p90_days)}`,
          )
          .join('; ')}
      </VisuallyHidden>
      <BarChart
        h={height}
        data={data}
        dataKey="status"
        orientation="vertical"
        series={[
          { name: 'median', label: 'Median', color: 'blue.7' },
          { name: 'p90', label: '90th percentile', color: 'orange.7' },
        ]}
        yAxisProps={axis}
        xAxisLabel="Days"
        valueFormatter={(value) => days(value)}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        gridAxis="x"
        barProps={{ isAnimationActive: false }}
      />
    </figure>
  );
}

/** Open items per status, stacked by how long they have waited in it. */
export function AgeingChart({ ageing }: { ageing: TurnaroundDto['ageing'] }) {
  const { axis, height } = useStatusAxis(ageing.length);
  const data = ageing.map((row) => ({
    status: row.status_name,
    // Keys in the legend's (alphabetical) order.
    band1: row.open - row.over_7_days,
    band2: row.over_7_days - row.over_14_days,
    band3: row.over_14_days - row.over_30_days,
    band4: row.over_30_days,
  }));
  return (
    <figure style={{ margin: 0 }} data-testid="ageing-chart">
      <VisuallyHidden component="figcaption">
        Open items by time waiting in their status.{' '}
        {ageing
          .map(
            (row) =>
              `${row.status_name}: ${row.open} open, ${row.over_7_days} over 7 days, ${row.over_14_days} over 14, ${row.over_30_days} over 30`,
          )
          .join('; ')}
      </VisuallyHidden>
      <BarChart
        h={height}
        data={data}
        dataKey="status"
        type="stacked"
        orientation="vertical"
        series={[
          { name: 'band1', label: 'Up to 7 days', color: 'teal.7' },
          { name: 'band2', label: '8–14 days', color: 'yellow.6' },
          { name: 'band3', label: '15–30 days', color: 'orange.7' },
          { name: 'band4', label: 'Over 30 days', color: 'red.8' },
        ]}
        yAxisProps={axis}
        xAxisLabel="Requests"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        gridAxis="x"
        barProps={{ isAnimationActive: false }}
      />
    </figure>
  );
}
