-- Pace history of every project and book (GET /cohorts/{id}/health): from every learner's moves.
with moves as (
  select sp.student_id, sp.project_id, pr.book_id, sp.assigned_at,
    lead(sp.assigned_at) over w as next_at,
    lag(pr.book_id) over w as previous_book_id
  from student_projects sp
  join projects pr on pr.id = sp.project_id
  window w as (partition by sp.student_id order by sp.assigned_at, sp.id)
),
-- A stay in a book begins with a move from another book and ends with the next such move.
book_stays as (
  select student_id, book_id, assigned_at,
    lead(assigned_at) over (partition by student_id order by assigned_at) as left_at
  from moves
  where previous_book_id is distinct from book_id
)
select 'project' as kind, project_id as id, count(distinct student_id)::int as past,
  percentile_cont(0.5) within group (order by extract(epoch from (next_at - assigned_at)) / 86400) as median,
  percentile_cont($1::float8) within group (order by extract(epoch from (next_at - assigned_at)) / 86400) as slow
from moves
where next_at is not null
group by project_id
union all
select 'book' as kind, book_id as id, count(distinct student_id)::int as past,
  percentile_cont(0.5) within group (order by extract(epoch from (left_at - assigned_at)) / 86400) as median,
  percentile_cont($1::float8) within group (order by extract(epoch from (left_at - assigned_at)) / 86400) as slow
from book_stays
where left_at is not null
group by book_id
