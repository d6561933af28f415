// STUB (issue work in progress): replaced by its author.
export function Component() {
  return <div>Topicwise Test</div>;
}
