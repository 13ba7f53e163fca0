"""The in-memory channel layer of the embedded default hands a move's news to every
socket of its table without copying it for each one."""

from tables.socket import broadcast


async def test_a_group_send_copies_the_news_once_for_all_its_members():
    layer = broadcast.ThrottledInMemoryChannelLayer()
    channels = [await layer.new_channel() for _ in range(5)]
    for channel in channels:
        await layer.group_add("table-1", channel)
    copies = []

    class Probe:
        def __deepcopy__(self, memo):
            copies.append(self)
            return self

    news = {"type": "table.update", "probe": Probe(), "bank": [1, 2]}
    await layer.group_send("table-1", news)
    news["bank"].append(3)  # the sender's later change reaches nobody
    got = [await layer.receive(channel) for channel in channels]
    assert len(copies) == 1  # the stock layer copies it for each of the five
    assert [m["bank"] for m in got] == [[1, 2]] * 5
    assert all(m["type"] == "table.update" for m in got)


async def test_a_group_send_to_nobody_or_a_full_member_is_no_error():
    layer = broadcast.ThrottledInMemoryChannelLayer(capacity=1)
    await layer.group_send("table-2", {"type": "table.update"})  # no members
    full, free = await layer.new_channel(), await layer.new_channel()
    for channel in (full, free):
        await layer.group_add("table-2", channel)
    await layer.send(full, {"type": "table.reveal"})
    await layer.group_send("table-2", {"type": "table.update"})
    assert (await layer.receive(full))["type"] == "table.reveal"
    assert (await layer.receive(free))["type"] == "table.update"
