import { render, screen } from '@testing-library/react';
import { adminReleasesReplySchema } from '@carebook/testing';
import { ReleaseCharts } from './release-charts';

const releases = adminReleasesReplySchema.parse({
  success: true,
  window: 'hour',
  remotes: [
    {
      remote: 'doctors',
      live: 'r-live',
      canary: null,
      reportedAt: null,
      releases: [
        {
          release: 'r-live',
          role: 'live',
          views: 30,
          errorViews: 3,
          errorRate: 0.1,
          lcpP75: 1500,
          inpP75: 80,
          minutes: [{ minute: '2026-11-28T04:00:00Z', views: 30, errorViews: 3, apiFailures: 0, lcpP75: 1500, inpP75: 80 }],
        },
      ],
    },
  ],
}).remotes[0]?.releases ?? [];

describe('ReleaseCharts', () => {
  it('draws four titled charts with recharts', () => {
    render(<ReleaseCharts remote="doctors" releases={releases} window="day" />);
    const group = screen.getByRole('group', { name: 'Charts of doctors over the last day' });
    const captions = [...group.querySelectorAll('figcaption')].map((caption) => caption.textContent);
    expect(captions).toEqual(['Page views per minute', 'Error rate per minute (%)', 'p75 LCP per release (ms)', 'p75 INP per release (ms)']);
    expect(group.querySelectorAll('.recharts-wrapper')).toHaveLength(4);
  });

  it('says a vitals chart has nothing yet instead of drawing empty axes', () => {
    const unreported = releases.map((release) => ({ ...release, lcpP75: null }));
    render(<ReleaseCharts remote="doctors" releases={unreported} window="hour" />);
    const lcp = screen.getByText('p75 LCP per release (ms)', { selector: 'figcaption' }).closest('figure');
    expect(lcp).not.toBeNull();
    expect(lcp?.querySelector('.recharts-wrapper')).toBeNull();
    expect(lcp).toHaveTextContent('None yet: no page of these releases has reported its largest paint in this window.');
    const inp = screen.getByText('p75 INP per release (ms)', { selector: 'figcaption' }).closest('figure');
    expect(inp?.querySelector('.recharts-wrapper')).not.toBeNull();
  });
});
