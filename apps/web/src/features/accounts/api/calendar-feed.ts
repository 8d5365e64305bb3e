import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedDto } from '@rrp/domain';
import { apiFetch } from '@/lib/api-client';

const FEED = 'user/me/calendar-feed/';
const calendarFeedKey = ['user', 'me', 'calendar-feed'] as const;

/** The signed-in user's calendar feed address, or null while it is off (issue 33). */
export function useCalendarFeed(enabled: boolean) {
  return useQuery({
    queryKey: calendarFeedKey,
    queryFn: () => apiFetch<CalendarFeedDto>(FEED),
    enabled,
  });
}

/** Turns the feed on, or gives it a new address (the old one stops working). */
export function useTurnOnCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CalendarFeedDto>(FEED, { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKey, feed),
  });
}

export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>(FEED, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeedDto>(calendarFeedKey, { url: null, created_at: null }),
  });
}
