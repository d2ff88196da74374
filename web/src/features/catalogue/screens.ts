// The feature's screens for the route table, each loaded on first visit (its own chunk).
import { lazy } from 'react';

export const CourseListPage = lazy(() => import('./courses/course-list-page.tsx'));
export const CourseFormPage = lazy(() => import('./courses/course-form-page.tsx'));
export const CourseDetailPage = lazy(() => import('./courses/course-detail-page.tsx'));
export const BookFormPage = lazy(() => import('./books/book-form-page.tsx'));
export const BookDetailPage = lazy(() => import('./books/book-detail-page.tsx'));
export const ProjectFormPage = lazy(() => import('./projects/project-form-page.tsx'));
export const ProjectDetailPage = lazy(() => import('./projects/project-detail-page.tsx'));
export const AssessmentListPage = lazy(() => import('./assessments/assessment-list-page.tsx'));
export const AssessmentFormPage = lazy(() => import('./assessments/assessment-form-page.tsx'));
export const ObjectivesPage = lazy(() => import('./objectives/objectives-page.tsx'));
