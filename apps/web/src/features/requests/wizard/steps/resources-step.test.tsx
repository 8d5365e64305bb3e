import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { DISABLED_REASONS, visibleResources, type Resource } from '../rules';
import { SCROLL_WATCH_PAUSE_MS } from '../use-active-section';
import { ResourcesStep } from './resources-step';

const resource = (over: Partial<Resource>): Resource => ({
  key: `dataset-${over.id}`,
  kind: 'dataset',
  id: 1,
  name: 'SSC Phenotype Data',
  group: 'Phenotype Data',
  cohort: 'SSC',
  cohorts: ['SSC'],
  accessionId: null,
  fileSize: null,
  releaseDate: null,
  formCode: null,
  accessTypes: [],
  disabledReason: null,
  restricted: false,
  approved: false,
  allowed: false,
  ...over,
});

const catalogue = [
  resource({ id: 1 }),
  resource({
    id: 2,
    name: 'SPARK WGS',
    group: 'Genetic Data',
    cohort: 'SPARK',
    cohorts: ['SPARK'],
    restricted: true,
  }),
  resource({ id: 3, name: 'ABN Donor Clinical Data', cohort: 'ABN', cohorts: ['ABN'] }),
  resource({ id: 4, name: 'ABN RNA-seq', group: 'Genetic Data', cohort: 'ABN', cohorts: ['ABN'] }),
  resource({ id: 5, name: 'EEG', group: 'Imaging/EEG Data', restricted: true, allowed: true }),
];

/** A stand-in IntersectionObserver the test drives by hand. */
class FakeObserver {
  static current: FakeObserver | null = null;
  observed: Element[] = [];
  constructor(public callback: IntersectionObserverCallback) {
    FakeObserver.current = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {}
  unobserve() {}
  /** Reports which of the observed sections are in the watched band. */
  show(ids: string[]) {
    this.callback(
      this.observed.map(
        (target) => ({ target, isIntersecting: ids.includes(target.id) }) as IntersectionObserverEntry,
      ),
      this as unknown as IntersectionObserver,
    );
  }
}

function renderStep(resources: Resource[]) {
  return render(
    <MantineProvider env="test">
      <ResourcesStep resources={resources} selection={[]} onChange={() => {}} onContinue={() => {}} />
    </MantineProvider>,
  );
}

describe('ResourcesStep', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeObserver));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('disables what a researcher may not pick, saying why', () => {
    const requester = { abnApproved: false, abnDataRequestUnderReview: false };
    renderStep(visibleResources(catalogue, false, { abnEpic: true, requester }));
    const restricted = screen.getByRole('button', { name: 'Select SPARK WGS' });
    expect(restricted).toBeDisabled();
    expect(restricted).toHaveAccessibleDescription(DISABLED_REASONS.restricted);
    const abn = screen.getByRole('button', { name: 'Select ABN Donor Clinical Data' });
    expect(abn).toBeDisabled();
    expect(abn).toHaveAccessibleDescription(
      '* Must apply for above Data Access before requesting this resource',
    );
    expect(screen.getByRole('button', { name: 'Select EEG' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Select SSC Phenotype Data' })).toBeEnabled();
  });

  it('says when the ABN data request is under review, and hides ABN without abn_epic', () => {
    const requester = { abnApproved: false, abnDataRequestUnderReview: true };
    const { unmount } = renderStep(visibleResources(catalogue, false, { abnEpic: true, requester }));
    expect(screen.getAllByText('* You have an ABN Data Request that is currently under review')).toHaveLength(
      2,
    );
    unmount();
    renderStep(visibleResources(catalogue, false, { abnEpic: false, requester }));
    expect(screen.queryByText(/ABN Donor Clinical Data/)).toBeNull();
  });

  it('marks the section in view in the index with aria-current', () => {
    renderStep(catalogue);
    const index = screen.getByRole('navigation', { name: 'Resource index' });
    const link = (name: string) => index.querySelector(`a[href="#resource-group-${name}"]`)!;
    expect(link('phenotype-data')).toHaveAttribute('aria-current', 'location');
    act(() => FakeObserver.current!.show(['resource-group-genetic-data', 'resource-group-imaging-eeg-data']));
    expect(link('genetic-data')).toHaveAttribute('aria-current', 'location');
    expect(link('phenotype-data')).not.toHaveAttribute('aria-current');
    // The first section in the band wins.
    act(() => FakeObserver.current!.show(['resource-group-imaging-eeg-data']));
    expect(link('imaging-eeg-data')).toHaveAttribute('aria-current', 'location');
  });

  it('falls back to where the sections sit when none crosses the band (the top of the page)', () => {
    renderStep(catalogue);
    const index = screen.getByRole('navigation', { name: 'Resource index' });
    const link = (name: string) => index.querySelector(`a[href="#resource-group-${name}"]`)!;
    act(() => FakeObserver.current!.show(['resource-group-imaging-eeg-data']));
    const tops: Record<string, number> = {
      'resource-group-phenotype-data': 500,
      'resource-group-genetic-data': 900,
      'resource-group-imaging-eeg-data': 1300,
    };
    const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      return { top: tops[this.id] ?? 0 } as DOMRect;
    });
    act(() => FakeObserver.current!.show([]));
    expect(link('phenotype-data')).toHaveAttribute('aria-current', 'location');
    // Scrolled down past a short section: the last one that started above the middle.
    tops['resource-group-phenotype-data'] = -400;
    tops['resource-group-genetic-data'] = 100;
    act(() => FakeObserver.current!.show([]));
    expect(link('genetic-data')).toHaveAttribute('aria-current', 'location');
    rect.mockRestore();
  });

  it('jumps to a section on click, focuses it, and pauses the scroll watch for a second', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    renderStep(catalogue);
    const index = screen.getByRole('navigation', { name: 'Resource index' });
    fireEvent.click(screen.getAllByRole('link', { name: 'Imaging/EEG Data' })[0]!);
    const link = (name: string) => index.querySelector(`a[href="#resource-group-${name}"]`)!;
    expect(link('imaging-eeg-data')).toHaveAttribute('aria-current', 'location');
    expect(document.activeElement).toHaveAttribute('id', 'resource-group-imaging-eeg-data');
    // The smooth scroll passes other sections: ignored while paused.
    act(() => FakeObserver.current!.show(['resource-group-genetic-data']));
    expect(link('imaging-eeg-data')).toHaveAttribute('aria-current', 'location');
    vi.advanceTimersByTime(SCROLL_WATCH_PAUSE_MS + 1);
    act(() => FakeObserver.current!.show(['resource-group-genetic-data']));
    expect(link('genetic-data')).toHaveAttribute('aria-current', 'location');
  });
});
