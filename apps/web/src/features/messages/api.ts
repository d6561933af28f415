import type { Paged } from '@assess/contracts/common';
import type {
  InboxItem,
  NotificationDetail,
  NotificationInput,
  NotificationRow,
  NotificationTargets,
} from '@assess/contracts/messages';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Query keys of the messages area. */
export const messagesKeys = {
  all: ['messages'] as const,
  list: (page: number, pageSize: number) => ['messages', 'list', page, pageSize] as const,
  detail: (id: number) => ['messages', 'detail', id] as const,
  targets: ['messages', 'targets'] as const,
  inbox: (page: number, pageSize: number) => ['inbox', 'list', page, pageSize] as const,
  inboxAll: ['inbox'] as const,
  unread: ['inbox', 'unread'] as const,
};

export function useNotifications(page: number, pageSize: number) {
  return useQuery({
    queryKey: messagesKeys.list(page, pageSize),
    queryFn: () => api.get<Paged<NotificationRow>>(`/notifications?pageNumber=${page}&pageSize=${pageSize}`),
    placeholderData: keepPreviousData,
  });
}

export function useNotification(id: number | null) {
  return useQuery({
    queryKey: messagesKeys.detail(id ?? 0),
    queryFn: () => api.get<NotificationDetail>(`/notifications/${id}`),
    enabled: id !== null,
  });
}

export function useTargets(enabled: boolean) {
  return useQuery({
    queryKey: messagesKeys.targets,
    queryFn: () => api.get<NotificationTargets>('/notifications/targets'),
    enabled,
    staleTime: 60_000,
  });
}

/** Create or edit: the form JSON first, then the new files (one multipart request, saved as a whole). */
export function useSaveNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values, files }: { id: number | null; values: NotificationInput; files: File[] }) => {
      const form = new FormData();
      form.append('notification', JSON.stringify(values));
      for (const f of files) form.append('file', f, f.name);
      return id === null
        ? api.post<{ notificationId: number; message: string }>('/notifications', form)
        : api.put<{ notificationId: number; message: string }>(`/notifications/${id}`, form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: messagesKeys.all }),
  });
}

export function useDeleteNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ message: string }>(`/notifications/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: messagesKeys.all }),
  });
}

export function useInbox(page: number, pageSize: number) {
  return useQuery({
    queryKey: messagesKeys.inbox(page, pageSize),
    queryFn: () => api.get<Paged<InboxItem>>(`/inbox?pageNumber=${page}&pageSize=${pageSize}`),
    placeholderData: keepPreviousData,
  });
}

export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: messagesKeys.unread,
    queryFn: () => api.get<{ count: number }>('/inbox/unread-count'),
    enabled,
    refetchInterval: 60_000,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ count: number }>(`/inbox/${id}/read`),
    onSuccess: (res) => {
      qc.setQueryData(messagesKeys.unread, res);
      return qc.invalidateQueries({ queryKey: messagesKeys.inboxAll });
    },
  });
}
