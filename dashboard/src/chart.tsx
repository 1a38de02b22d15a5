// The dashboard's bar chart (Chart.js): one chart per mounted canvas, created on mount, destroyed on
// unmount, its data replaced on each render. An image for assistive technology, its figures in `label`.
import { useEffect, useRef } from 'react';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface BarSet {
  label: string;
  data: number[];
  color: string;
}

export function BarChart({ labels, sets, label, stacked = false, integers = false, testId }: { labels: string[]; sets: BarSet[]; label: string; stacked?: boolean; integers?: boolean; testId?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'bar'> | null>(null);
  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: { x: { stacked }, y: { stacked, beginAtZero: true, ...(integers ? { ticks: { precision: 0 } } : {}) } },
      },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [stacked, integers]);
  useEffect(() => {
    if (!chart.current) return;
    chart.current.data = { labels, datasets: sets.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color })) };
    chart.current.update();
  });
  return (
    <div className="chart" role="img" aria-label={label} data-testid={testId}>
      <canvas ref={canvas} />
    </div>
  );
}
