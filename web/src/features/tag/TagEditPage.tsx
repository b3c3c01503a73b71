import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { tagApi } from '../../api/tag';
import { FormPage } from '../../components/FormPage';
import { PageLoading } from '../../components/PageLoading';
import { tagKeys, tagOfState, tagPaths } from './queries';
import { TagForm } from './TagForm';

/** Rename a tag: the tag comes from the list (router state); opened directly, back to the list. */
export function TagEditPage() {
  const tagName = tagOfState(useLocation().state);
  return tagName === null ? <Navigate to={tagPaths.list} replace /> : <TagEdit tagName={tagName} />;
}

function TagEdit({ tagName }: { tagName: string }) {
  const tag = useQuery({ queryKey: tagKeys.one(tagName), queryFn: ({ signal }) => tagApi.get(tagName, { signal }) });
  return (
    <FormPage backTo={tagPaths.list} subtitle={tagName}>
      {tag.data ? <TagForm tag={tag.data} /> : <PageLoading />}
    </FormPage>
  );
}
