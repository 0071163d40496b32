// SPDX-License-Identifier: GPL-2.0-only
/*
 * Label: host labels - the label of the packets of a remote host, from the netlabel (IPv4)
 * and ipv6host (IPv6) files, longest prefix first, as Smack's lists of the same names; and the
 * ambient label, of the hosts no entry names.
 */

#include "label.h"

#include <linux/inet.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <net/ipv6.h>

/*
 * The most entries of one family: every packet from another host walks its list, longest
 * prefix first, as Smack's do.
 */
#define LABEL_HOSTS_MAX 1024

/**
 * struct label_host - one prefix of a host list
 * @list: in label_hosts4 or label_hosts6, longest prefix first; RCU
 * @rcu: removed entries (ipv6host's -DELETE) are freed after a grace period
 * @addr: the prefix, masked; an IPv4 one in addr.s6_addr32[3]
 * @mask: the mask of @prefix bits, laid out as @addr
 * @prefix: its length in bits, at most 32 or 128
 * @label: the hosts' label; NULL for netlabel's -CIPSO, which makes them hosts without
 *	an entry (label sends no CIPSO: see Documentation/admin-guide/LSM/label.rst)
 */
struct label_host {
	struct list_head list;
	struct rcu_head rcu;
	struct in6_addr addr;
	struct in6_addr mask;
	unsigned int prefix;
	struct label *label;
};

/*
 * The lists are read under RCU from the packet hooks, in softirq context, and changed under
 * label_hosts_mutex, a writer at a time: an entry's @label is changed in place with
 * WRITE_ONCE(), an entry is added with list_add_tail_rcu() and removed with list_del_rcu().
 */
static LIST_HEAD(label_hosts4);
static LIST_HEAD(label_hosts6);
static unsigned int label_hosts_count[2];
static DEFINE_MUTEX(label_hosts_mutex);

/* The label of packets from hosts that no entry names: the floor until set, as Smack's. */
static struct label *label_ambient;

/**
 * label_ambient_get() - the ambient label
 *
 * Context: Any context.
 * Return: the label of the packets of a host without an entry.
 */
struct label *label_ambient_get(void)
{
	return READ_ONCE(label_ambient) ?: label_floor;
}

/**
 * label_ambient_set() - set the ambient label
 * @label: the label
 *
 * Context: Process context; the caller has checked the writer's privilege.
 */
void label_ambient_set(struct label *label)
{
	WRITE_ONCE(label_ambient, label);
}

static bool host_matches(const struct label_host *h, const struct in6_addr *addr)
{
	return !ipv6_masked_addr_cmp(addr, &h->mask, &h->addr);
}

static struct label *host_label(struct list_head *hosts, const struct in6_addr *addr)
{
	struct label_host *h;
	struct label *label = NULL;

	rcu_read_lock();
	list_for_each_entry_rcu(h, hosts, list) {
		if (host_matches(h, addr)) {
			label = READ_ONCE(h->label);
			break;
		}
	}
	rcu_read_unlock();
	return label ?: label_ambient_get();
}

/**
 * label_host4() - the label of an IPv4 host
 * @addr: its address
 *
 * Context: Any context.
 * Return: the label of the longest prefix of netlabel that holds @addr; the ambient label if
 *	none does, or if that entry is a -CIPSO one.
 */
struct label *label_host4(__be32 addr)
{
	struct in6_addr a = { .s6_addr32[3] = addr };

	return host_label(&label_hosts4, &a);
}

/**
 * label_host6() - the label of an IPv6 host
 * @addr: its address; an IPv4-mapped one is the IPv4 host's
 *
 * Context: Any context.
 * Return: the label of the longest prefix of ipv6host that holds @addr, or the ambient label.
 */
struct label *label_host6(const struct in6_addr *addr)
{
	if (ipv6_addr_v4mapped(addr))
		return label_host4(addr->s6_addr32[3]);
	return host_label(&label_hosts6, addr);
}

/* The first @prefix bits of @mask, which is zero before, set. */
static void make_mask(u8 *mask, unsigned int prefix)
{
	unsigned int i;

	for (i = 0; i < prefix / 8; i++)
		mask[i] = 0xff;
	if (prefix % 8)
		mask[i] = 0xff << (8 - prefix % 8);
}

/**
 * label_host_parse() - parse a line written to netlabel or ipv6host
 * @text: "ADDRESS[/PREFIX] LABEL", at most one newline at the end, NUL-terminated
 * @len: its length, without the NUL
 * @v6: the line is ipv6host's, else netlabel's
 * @entry: filled with the masked prefix and the label's name
 * @name: set to the label's name in @text, or to the option (netlabel's -CIPSO, ipv6host's
 *	-DELETE)
 * @name_len: the length of @name
 *
 * The forms are Smack's: an IPv4 address in dotted quads, an IPv6 one in groups of hex digits
 * (the compressed "::" form too), a prefix of at most 32 or 128 bits, 32 or 128 without one;
 * one blank or more, then a label or the family's one option, which takes the place of a
 * label. Pure: nothing is interned, so the KUnit tests call it on any input.
 *
 * Context: Any context.
 * Return: 0, or -EINVAL for anything else.
 */
int label_host_parse(const char *text, size_t len, bool v6, struct label_host_text *entry,
		     const char **name, size_t *name_len)
{
	const char *end, *p;
	unsigned int prefix = v6 ? 128 : 32;
	u8 addr[16] = {}, mask[16] = {};
	unsigned int i;
	int n = 0;

	if (len && text[len - 1] == '\n')
		len--;
	if (!len || memchr(text, '\0', len) || memchr(text, '\n', len))
		return -EINVAL;
	/* The address ends at the prefix or the blank; the parsers must use it all. */
	for (p = text; p < text + len && *p != '/' && *p != ' ' && *p != '\t'; p++)
		;
	if (!(v6 ? in6_pton(text, p - text, addr, -1, &end) :
		   in4_pton(text, p - text, addr, -1, &end)) || end != p)
		return -EINVAL;
	if (p < text + len && *p == '/') {
		if (sscanf(p + 1, "%3u%n", &prefix, &n) != 1 || !isdigit(p[1]) ||
		    prefix > (v6 ? 128 : 32))
			return -EINVAL;
		p += 1 + n;
	}
	if (p == text + len || (*p != ' ' && *p != '\t'))
		return -EINVAL;
	while (p < text + len && (*p == ' ' || *p == '\t'))
		p++;
	*name = p;
	*name_len = text + len - p;
	if (!*name_len || memchr(p, ' ', *name_len) || memchr(p, '\t', *name_len))
		return -EINVAL;
	if (*p == '-') {
		const char *option = v6 ? "-DELETE" : "-CIPSO";

		if (*name_len != strlen(option) || memcmp(p, option, *name_len))
			return -EINVAL;
	}

	make_mask(mask, prefix);
	for (i = 0; i < 16; i++)
		addr[i] &= mask[i];
	memset(entry, 0, sizeof(*entry));
	entry->prefix = prefix;
	entry->v6 = v6;
	if (v6) {
		memcpy(&entry->addr, addr, 16);
		memcpy(&entry->mask, mask, 16);
	} else {
		memcpy(&entry->addr.s6_addr32[3], addr, 4);
		memcpy(&entry->mask.s6_addr32[3], mask, 4);
	}
	entry->option = *p == '-';
	return 0;
}

/**
 * label_host_set() - add, change or remove an entry of netlabel or ipv6host
 * @entry: a parsed line
 * @label: its label; NULL for the option that takes the place of one
 *
 * As Smack: a prefix already listed gets the new label; netlabel's -CIPSO keeps the entry
 * with no label, so that the hosts of its prefix are the ambient label's, whatever a shorter
 * prefix says; ipv6host's -DELETE removes the entry, so that a shorter prefix that holds the
 * hosts labels them again.
 *
 * Context: Process context; the caller has checked the writer's privilege.
 * Return: 0; -ENOENT to remove an entry that is not there, -ENOSPC with LABEL_HOSTS_MAX
 *	entries already, -ENOMEM. Nothing is changed on error.
 */
int label_host_set(const struct label_host_text *entry, struct label *label)
{
	struct list_head *hosts = entry->v6 ? &label_hosts6 : &label_hosts4;
	struct label_host *h, *new;
	int rc = 0;

	new = kzalloc(sizeof(*new), GFP_KERNEL);
	if (!new)
		return -ENOMEM;
	new->addr = entry->addr;
	new->mask = entry->mask;
	new->prefix = entry->prefix;
	new->label = label;

	mutex_lock(&label_hosts_mutex);
	list_for_each_entry(h, hosts, list) {
		if (h->prefix != entry->prefix || !ipv6_addr_equal(&h->addr, &entry->addr))
			continue;
		if (entry->v6 && entry->option) {
			list_del_rcu(&h->list);
			label_hosts_count[entry->v6]--;
			kfree_rcu(h, rcu);
		} else {
			WRITE_ONCE(h->label, label);
		}
		goto out;
	}
	if (entry->v6 && entry->option) {
		rc = -ENOENT;
		goto out;
	}
	if (label_hosts_count[entry->v6] >= LABEL_HOSTS_MAX) {
		rc = -ENOSPC;
		goto out;
	}
	/* Before the first entry of a shorter prefix: the first match is the longest. */
	list_for_each_entry(h, hosts, list)
		if (h->prefix < new->prefix)
			break;
	list_add_tail_rcu(&new->list, &h->list);
	label_hosts_count[entry->v6]++;
	new = NULL;
out:
	mutex_unlock(&label_hosts_mutex);
	kfree(new);
	return rc;
}

/**
 * label_hosts_show() - list netlabel or ipv6host
 * @m: the listing
 * @v6: ipv6host's entries, else netlabel's
 *
 * Smack's format: "ADDRESS/PREFIX LABEL", longest prefix first; -CIPSO for a netlabel entry
 * without a label.
 *
 * Context: Process context.
 */
void label_hosts_show(struct seq_file *m, bool v6)
{
	struct label_host *h;
	struct label *label;

	rcu_read_lock();
	list_for_each_entry_rcu(h, v6 ? &label_hosts6 : &label_hosts4, list) {
		label = READ_ONCE(h->label);
		if (v6)
			seq_printf(m, "%pI6c/%u %s\n", &h->addr, h->prefix, label->name);
		else
			seq_printf(m, "%pI4/%u %s\n", &h->addr.s6_addr32[3], h->prefix,
				   label ? label->name : "-CIPSO");
	}
	rcu_read_unlock();
}
