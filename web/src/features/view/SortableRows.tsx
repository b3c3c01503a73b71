import { HolderOutlined } from '@ant-design/icons';
import { DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'antd';
import { type CSSProperties, createContext, type HTMLAttributes, type ReactNode, useContext, useMemo } from 'react';

type THandle = Pick<ReturnType<typeof useSortable>, 'setActivatorNodeRef' | 'listeners' | 'attributes'>;
const HandleContext = createContext<THandle | null>(null);

/** The grip a row is dragged by (mouse, touch, or Space and the arrow keys). */
export function DragHandle({ label }: { label: string }) {
  const handle = useContext(HandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined aria-hidden />}
      style={{ cursor: 'grab' }}
      aria-label={label}
      ref={handle?.setActivatorNodeRef}
      {...handle?.attributes}
      {...handle?.listeners}
    />
  );
}

/** A table row that can be dragged to another place (antd's `components.body.row`). */
export function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string | number }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: Number(props['data-row-key']),
  });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 9, background: 'var(--ant-color-bg-container)' } : {}),
  };
  const handle = useMemo(
    () => ({ setActivatorNodeRef, listeners, attributes }),
    [setActivatorNodeRef, listeners, attributes],
  );
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

/** Rows with these ids can be reordered; `onMove` gets the ids in their new order. */
export function SortableRows({
  ids,
  onMove,
  children,
}: {
  ids: number[];
  onMove: (ids: number[]) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) {
      onMove(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
    }
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
