import { questionBankEndpoints as e, QUESTION_IMAGE_MAX_BYTES } from '@assess/contracts/questions';
import { sendQuestionImage } from '../../platform/files/send-image';
import { route } from '../../platform/http/endpoint';
import type { ZodApp } from '../../platform/modules';
import type { AnswersService } from './answers.service';
import type { ImagesService } from './images.service';
import type { TreeService } from './tree.service';

/** Category/topic tree, answer setting and question images (part 2 §7 Categories, Topics, QuestionChoices). */
export function treeRoutes(
  app: ZodApp,
  deps: { tree: TreeService; answers: AnswersService; images: ImagesService },
) {
  route(app, e.tree, async ({ principal, query }) => deps.tree.tree(principal, query.contentFilter));
  route(app, e.createCategory, async ({ principal, body }) => deps.tree.createCategory(principal, body));
  route(app, e.renameCategory, async ({ principal, params, body }) =>
    deps.tree.renameCategory(principal, params.categoryId, body.name),
  );
  route(app, e.deleteCategory, async ({ principal, params }) =>
    deps.tree.deleteCategory(principal, params.categoryId),
  );
  route(app, e.createTopic, async ({ principal, body }) => deps.tree.createTopic(principal, body));
  route(app, e.renameTopic, async ({ principal, params, body }) =>
    deps.tree.renameTopic(principal, params.topicId, body.name),
  );
  route(app, e.deleteTopic, async ({ principal, params }) =>
    deps.tree.deleteTopic(principal, params.topicId),
  );

  route(app, e.answers, async ({ principal, params, query }) =>
    deps.answers.page(principal, params.topicId, query.pageNumber),
  );
  route(app, e.saveAnswers, async ({ principal, params, body }) =>
    deps.answers.save(principal, params.topicId, body),
  );

  route(app, e.uploadImage, async ({ principal, request }) => {
    const file = request.isMultipart()
      ? await request.file({ limits: { files: 1, fileSize: QUESTION_IMAGE_MAX_BYTES + 1 } })
      : undefined;
    return deps.images.upload(principal, file ? { fileName: file.filename, stream: file.file } : undefined);
  });
  route(app, e.image, async ({ principal, params, reply }) => {
    return sendQuestionImage(reply, await deps.images.open(principal, params.imageId));
  });
}
