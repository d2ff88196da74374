import type { Book, CreateBookBody, UpdateBookBody } from '@lp/contract/books';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { forgetDeleted, invalidateCatalogue } from './invalidate.ts';

// GET /books?orderBy=course&orderBy=index[&courseId=]
export const getBooks = (courseId?: number, signal?: AbortSignal) =>
  api.get<Book[]>('/books', { query: { orderBy: ['course', 'index'], courseId }, signal });
export const booksQuery = (courseId?: number) =>
  queryOptions({
    queryKey: ['books', 'list', courseId ?? 'all'],
    queryFn: ({ signal }) => getBooks(courseId, signal),
  });
export const useBooks = (courseId?: number, enabled = true) =>
  useQuery({ ...booksQuery(courseId), enabled });

// GET /books/{id}
export const getBook = (id: number, signal?: AbortSignal) =>
  api.get<Book>(`/books/${id}`, { signal });
export const bookQuery = (id: number) =>
  queryOptions({ queryKey: ['books', id], queryFn: ({ signal }) => getBook(id, signal) });
export const useBook = (id: number, enabled = true) => useQuery({ ...bookQuery(id), enabled });

// POST /books
export const createBook = (body: CreateBookBody) => api.post<Book>('/books', body);
export function useCreateBook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBook, onSuccess: () => invalidateCatalogue(queryClient) });
}

// PUT /books/{id}
export const updateBook = ({ id, ...body }: UpdateBookBody & { id: number }) =>
  api.put<void>(`/books/${id}`, body);
export function useUpdateBook() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBook, onSuccess: () => invalidateCatalogue(queryClient) });
}

// DELETE /books/{id}
export const deleteBook = (id: number) => api.del(`/books/${id}`);
// POST /books/{id}/restore — the deletion's undo: the book, its projects and self-assessment.
export const restoreBook = (id: number) => api.post<Book>(`/books/${id}/restore`);
export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBook,
    onSuccess: (_data, id) => forgetDeleted(queryClient, ['books', id]),
  });
}
